/**
 * The import graph of src, read from the source text with TypeScript's parser: every static
 * `import`/`export … from`, every `import()` with a literal path, each marked type-only when
 * it is erased from the build. import-direction.test.ts holds the layers' rules over it:
 * `npx vitest run --project domain scripts/import-direction.test.ts`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(ROOT, "src");

export type ImportArrow = {
  /** Importing file, relative to the repository (`src/web/root.tsx`). */
  from: string;
  /** Imported file, relative to the repository. */
  to: string;
  line: number;
  /** Erased from the build: `import type`, or every named binding marked `type`. */
  typeOnly: boolean;
};

const SOURCE = /\.(ts|tsx|mts)$/;

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** A test may reach across layers to prove a seam; nothing in production imports a test. */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file);
}

function resolveSpecifier(fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null; // a package
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")];
  for (const candidate of candidates) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return false;
  return clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

export function readImports(file: string): ImportArrow[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const arrows: ImportArrow[] = [];
  const add = (spec: string, node: ts.Node, typeOnly: boolean) => {
    const target = resolveSpecifier(file, spec);
    if (!target) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    arrows.push({
      from: path.relative(ROOT, file),
      to: path.relative(ROOT, target),
      line,
      typeOnly,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node, isTypeOnlyImport(node));
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node, isTypeOnlyExport(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, node, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import("…")` in a type position: erased like `import type`.
      add(node.argument.literal.text, node, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return arrows;
}

/** Every import arrow between files of src (packages left out). */
export function importGraph(): ImportArrow[] {
  return listSources(SRC).flatMap(readImports);
}

/**
 * The import circles among `arrows`: one per group of files that all reach each other, with
 * every member and one shortest loop through them (a large group holds many loops; breaking
 * the shown one and running again shows the next).
 */
export function findCircles(arrows: ImportArrow[]): { loop: string[]; members: string[] }[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of arrows) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)?.push(to);
  }
  // Tarjan's strongly connected components, iterative for deep graphs.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  for (const start of next.keys()) {
    if (indexOf.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; i: number };
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i++] as string;
        if (!indexOf.has(target)) {
          indexOf.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, indexOf.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      }
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfLoop = (next.get(frame.node) ?? []).includes(frame.node);
        if (group.length > 1 || selfLoop) groups.push(group);
      }
    }
  }
  return groups
    .map((group) => ({ loop: shortestLoop(group, next), members: group.sort() }))
    .sort((a, b) => a.members.length - b.members.length);
}

function shortestLoop(group: string[], next: Map<string, string[]>): string[] {
  const members = new Set(group);
  let best: string[] = [];
  for (const start of [...group].sort()) {
    // Breadth-first from start back to start, inside the group.
    const previous = new Map<string, string>();
    const queue = [start];
    let found = false;
    while (queue.length > 0 && !found) {
      const node = queue.shift() as string;
      for (const target of next.get(node) ?? []) {
        if (!members.has(target)) continue;
        if (target === start) {
          previous.set(start, node);
          found = true;
          break;
        }
        if (previous.has(target)) continue;
        previous.set(target, node);
        queue.push(target);
      }
    }
    const loop = [start];
    for (let node = previous.get(start); node && node !== start; node = previous.get(node)) {
      loop.unshift(node);
    }
    loop.unshift(start);
    loop.pop();
    if (best.length === 0 || loop.length < best.length) best = loop;
  }
  return [...best, best[0] as string];
}

export function formatCircle(circle: { loop: string[]; members: string[] }): string {
  const also = circle.members.filter((m) => !circle.loop.includes(m));
  return `${circle.loop.join(" -> ")}${also.length > 0 ? ` (and in the same knot: ${also.join(", ")})` : ""}`;
}

export function formatArrow(arrow: ImportArrow): string {
  return `${arrow.from}:${arrow.line} -> ${arrow.to}${arrow.typeOnly ? " (type)" : ""}`;
}
