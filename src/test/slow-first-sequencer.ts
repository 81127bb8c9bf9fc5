import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that take far longer than the rest (child processes doing real first starts, Vite's
 * development build): started first, so the two workers are not left waiting on one of them
 * at the end of the run. Vitest orders by the last run's durations when it has them; this
 * keeps that order on a fresh checkout too, where it would sort by file size.
 */
const SLOW_FIRST = [
  "src/server/boot.test.ts",
  "src/server/plugins/web-i18n.test.ts",
  "src/server/modules/accounts/create-admin.test.ts",
  "src/server/plugins/html-cache.test.ts",
  "src/server/modules/catalog/seed.test.ts",
  "src/server/db/client.test.ts",
];

const rank = (spec: TestSpecification) => {
  const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOW_FIRST.length : index;
};

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: everything else keeps Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
