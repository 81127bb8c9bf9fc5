import { redirect } from "react-router";

/** DECISIONS: the coupons screen keeps SPEC's spelling; the correct spelling leads there. */
export function loader() {
  return redirect("/admin-copouns", 301);
}
