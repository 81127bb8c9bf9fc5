import { redirect } from "react-router";

export const handle = { i18n: [] as const };

/** DECISIONS: the coupons screen keeps SPEC's spelling; the correct spelling leads there. */
export function loader() {
  return redirect("/admin-copouns", 301);
}
