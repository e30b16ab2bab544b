/**
 * The values of an `expand` parameter that takes any subset of some names in any order
 * (`driver,vehicle` and `vehicle,driver` alike), as an enum for the route's schema: every
 * ordering of every non-empty subset.
 */
export function expandValues(names: readonly string[]): [string, ...string[]] {
  const values: string[] = [];
  const extend = (chosen: readonly string[]) => {
    for (const name of names) {
      if (chosen.includes(name)) continue;
      const next = [...chosen, name];
      values.push(next.join(","));
      extend(next);
    }
  };
  extend([]);
  return values as [string, ...string[]];
}
