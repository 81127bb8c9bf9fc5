import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

type Routes = ServerBuild["routes"];
type Handle = { i18n?: readonly string[] } | undefined;

const trees = new WeakMap<Routes, RouteObject[]>();

/** The build's flat route list as the nested tree `matchRoutes` takes (once per build). */
function treeOf(routes: Routes): RouteObject[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, list);
  }
  const attach = (node: RouteObject) => {
    const children = byParent.get(node.id);
    if (children && !node.index) {
      (node as { children?: RouteObject[] }).children = children;
      for (const child of children) attach(child);
    }
    return node;
  };
  tree = (byParent.get(undefined) ?? []).map(attach);
  trees.set(routes, tree);
  return tree;
}

/**
 * The i18n namespaces a page needs: the union of `handle.i18n` over the routes that match
 * `pathname` (root first, then layouts, then the page), as React Router will match them.
 */
export function namespacesFor(routes: Routes, pathname: string): readonly string[] {
  let known = answers.get(routes);
  if (!known) answers.set(routes, (known = new Map()));
  let namespaces = known.get(pathname);
  if (!namespaces) {
    namespaces = match(routes, pathname);
    // Bounded: paths are the visitors' to choose (product ids, typos).
    if (known.size >= MAX_PATHS) known.delete(known.keys().next().value!);
    known.set(pathname, namespaces);
  }
  return namespaces;
}

/**
 * Answers per build and path: `matchRoutes` flattens and ranks the whole route table on every
 * call (~0.7 ms, most of what a page's namespaces cost), and the answer never changes.
 */
const answers = new WeakMap<Routes, Map<string, readonly string[]>>();
const MAX_PATHS = 2_000;

function match(routes: Routes, pathname: string): string[] {
  const matches = matchRoutes(treeOf(routes), pathname) ?? [];
  const namespaces = new Set<string>();
  const root = routes.root?.module.handle as Handle;
  for (const ns of root?.i18n ?? []) namespaces.add(ns);
  for (const match of matches) {
    const handle = routes[match.route.id ?? ""]?.module.handle as Handle;
    for (const ns of handle?.i18n ?? []) namespaces.add(ns);
  }
  return [...namespaces];
}
