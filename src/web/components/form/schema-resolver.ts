import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { afterHydration } from "../ui/hydrate-later.tsx";

type Schema = z.ZodType<FieldValues, FieldValues>;
type AnyResolver = (values: FieldValues, context: unknown, options: never) => unknown;

/**
 * A form's resolver from its shared zod schema (the one the server checks), whose code comes
 * after the page: zod is 23 KB gzip that a first visit to a form need not wait for
 * (docs/decisions/0032). It is fetched when the browser is idle after hydration, long before a
 * shopper's first blur or submit; a check that comes sooner waits for it, as React Hook Form
 * awaits any resolver. Called once per form, at module level:
 *
 *   const resolver = schemaResolver(() => import("../../../shared/schemas/auth.ts"), "loginSchema");
 */
export function schemaResolver<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] extends Schema ? Resolver<z.input<M[K]>, unknown, z.output<M[K]>> : never {
  let resolver: Promise<AnyResolver> | null = null;
  const fetchResolver = () => {
    resolver ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([module, { zodResolver }]) => zodResolver(module[name] as Schema) as AnyResolver,
      (error: unknown) => {
        // Not fetched (offline for a moment): the next check asks again; this one fails as a
        // failed request does, and the form stays as it was.
        resolver = null;
        throw error;
      },
    );
    return resolver;
  };
  afterHydration(fetchResolver);
  return (async (values: FieldValues, context: unknown, options: never) =>
    (await fetchResolver())(values, context, options)) as never;
}
