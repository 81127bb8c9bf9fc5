import { redirect } from "react-router";
import { paths } from "../../lib/paths.ts";

export const handle = { i18n: [] as const };

/** The coupons screen keeps its misspelt path (/admin-copouns); the right spelling leads there. */
export function loader() {
  return redirect(paths.admin.coupons(), 301);
}
