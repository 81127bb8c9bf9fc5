// The scripts a page loads before it is interactive, read from its HTML: every <script src>,
// and the modules the bootstrap preloads and imports after the first frame (the format
// `shapeShell` in entry.server.tsx writes, docs/decisions/0020). For the page-weight test and
// bench, so both count what a first visit downloads.
export function firstVisitScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /src="(\/[^"]+\.js)"/.exec(attributes!)?.[1];
    if (src) urls.add(src);
    const preloads = /for \(const href of (\[[^\]]*\])\)/.exec(body!)?.[1];
    for (const url of preloads ? (JSON.parse(preloads) as string[]) : []) urls.add(url);
    for (const [, url] of body!.matchAll(/import\("(\/[^"]+\.js)"\)/g)) urls.add(url!);
  }
  return [...urls];
}
