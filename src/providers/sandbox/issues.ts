import type { IssueCode, SyncModel } from "../../model/normalized";

/**
 * Issues the sandbox can be told to report (options.sandbox.issues), each on the model it
 * concerns, with the message a real provider's condition would produce.
 */
const ISSUES: Readonly<Record<IssueCode, { model: SyncModel; message: string }>> = {
  missing_permissions: {
    model: "vehicles",
    message: "The sandbox account's API token lacks a read scope; some records may be missing.",
  },
  exceeded_retention_window: {
    model: "vehicles",
    message: "Part of the requested history is older than the sandbox provider keeps.",
  },
  invalid_source_id: {
    model: "vehicles",
    message: "The sandbox provider listed a record whose id it could not resolve.",
  },
  unknown_device_type: {
    model: "devices",
    message: "The sandbox provider listed a device of a type it does not describe.",
  },
  missing_safety_configuration: {
    model: "safetyEvents",
    message: "Safety event detection is not configured for part of the sandbox fleet.",
  },
  inaccessible_data: {
    model: "vehicles",
    message: "Some of the sandbox account's data is not accessible with these credentials.",
  },
};

export function issuesFor(model: SyncModel, codes: readonly IssueCode[]): { code: IssueCode; message: string }[] {
  return codes.filter((code) => ISSUES[code].model === model).map((code) => ({ code, message: ISSUES[code].message }));
}
