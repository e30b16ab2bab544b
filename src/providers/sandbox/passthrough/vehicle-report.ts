import { KM_PER_MILE } from "../../kit/units";
import { faultCodePayloadsBetween } from "../fault-code-payloads";
import { vehiclePayload } from "../fleet-vehicles";
import { vehicleStateAt } from "../simulation/state";
import { DAY_MS, iso } from "../time";
import { vehicleNotFound, vehicleOf } from "./fleet-routes";
import { type PdfLine, textPdf } from "./pdf";
import { binaryResponse } from "./responses";
import type { RouteContext } from "./router";

/** The report lists the trouble codes of this many days before the fleet's clock. */
const FAULT_DAYS = 30;

/**
 * `GET /reports/vehicles/{id}.pdf`: a one-page PDF about a vehicle (what it is, where it last
 * was, its trouble codes of the last 30 days), as providers' report endpoints answer: a binary
 * body with its content type and length. Dated by the fleet's clock, so one revision's report
 * is the same bytes every time.
 */
export function vehicleReport({ params, fleetAt }: RouteContext): Response {
  const fleet = fleetAt();
  const vehicle = vehicleOf(fleet, params[0]!);
  if (!vehicle) return vehicleNotFound(params[0]!);
  const payload = vehiclePayload(fleet, vehicle);
  const state = vehicleStateAt(fleet, vehicle, fleet.asOf);
  const faults = faultCodePayloadsBetween(fleet, vehicle, fleet.asOf - FAULT_DAYS * DAY_MS, fleet.asOf + 1);
  const section = (text: string): PdfLine => ({ text, size: 13, bold: true, gapBefore: 12 });
  const lines: PdfLine[] = [
    { text: "Sandbox Fleet - Vehicle report", size: 18, bold: true },
    { text: `As of ${iso(fleet.asOf)} (fleet revision ${fleet.revision})`, size: 9 },
    section("Vehicle"),
    { text: `Name: ${payload.displayName}` },
    { text: `Id: ${payload.id}` },
    { text: `VIN: ${payload.vin}` },
    { text: `Make, model, year: ${payload.make} ${payload.model} ${payload.modelYear}` },
    { text: `Plate: ${payload.plate.region} ${payload.plate.number}` },
    { text: `Fuel: ${payload.fuel}` },
    { text: `Status: ${payload.active ? "active" : "inactive"}` },
    section("Last known position"),
    ...(state
      ? [
          { text: `Time: ${iso(state.t)}` },
          { text: `Position: ${state.lat}, ${state.lng} (near ${state.address})` },
          { text: `Odometer: ${(state.odometerKm / KM_PER_MILE).toFixed(1)} mi` },
        ]
      : [{ text: "No position reported in the last 14 days." }]),
    section(`Trouble codes, last ${FAULT_DAYS} days`),
    ...(faults.length === 0 ? [{ text: "None." }] : []),
    ...faults.map((fault) => ({
      text: `${fault.protocol === "J1939" ? `SPN ${fault.spn} FMI ${fault.fmi}` : fault.dtc}  ${fault.description}  (${fault.state} since ${fault.stateSince})`,
      size: 9,
    })),
  ];
  const bytes = textPdf({ title: `Vehicle report ${payload.id}`, createdAt: fleet.asOf, lines });
  return binaryResponse(bytes, "application/pdf", {
    "content-disposition": `inline; filename="${payload.id}.pdf"`,
  });
}
