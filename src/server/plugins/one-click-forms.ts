import type { FastifyInstance } from "fastify";

/**
 * A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form
 * to the link's address, which already carries the token: within the calling plugin, form
 * bodies are read (up to 16 KB) and ignored.
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  const formBody = { parseAs: "string", bodyLimit: 16 * 1024 } as const;
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"])
    app.addContentTypeParser(type, formBody, (_request, _body, next) => next(null, {}));
}
