import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";

/** The shop-wide data every page has: language, public settings, whether Google sign-in is on. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useRootData outside the root route");
  return data;
}
