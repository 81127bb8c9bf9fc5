import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminCategorySchema,
  adminListQuerySchema,
  adminProductQuerySchema,
  adminProductSchema,
  categoryInputSchema,
  pageMetaSchema,
  productInputSchema,
} from "../../../shared/schemas/admin-catalog.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import { HttpError } from "../../http-errors.ts";
import {
  deleteStoredImage,
  IMAGE_SIZE_MESSAGE,
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  storeImage,
} from "../uploads/images.ts";
import type { NewImage } from "./admin-service.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** At most this many pictures in one save (each up to MAX_IMAGE_BYTES). */
export const MAX_FILES_PER_SAVE = 10;

/** Text PostgreSQL cannot store (NUL, a lone surrogate). */
const FORBIDDEN_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const TEXT_NOT_ALLOWED = "This text contains characters that are not allowed.";

/** A zod failure as the shop's 422, keyed by field. */
export function invalid(error: z.ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  return new HttpError(422, first, errors);
}

type Upload = { field: "image" | "images"; buffer: Buffer; name: string };
type ProductBody = { fields: Record<string, unknown>; uploads: Upload[] };

/** The multipart product form (or JSON without files). `image` once, `images` repeated. */
async function readProductBody(request: FastifyRequest): Promise<ProductBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new HttpError(422, "The request body must be a JSON object or a multipart form.");
    }
    return { fields: body as Record<string, unknown>, uploads: [] };
  }
  const fields: Record<string, unknown> = {};
  const uploads: Upload[] = [];
  let field = "image";
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        field = part.fieldname.replace(/\[\]$/, "");
        const buffer = await part.toBuffer();
        if ((field !== "image" && field !== "images") || buffer.length === 0) continue;
        uploads.push({ field, buffer, name: part.filename ?? "image" });
        continue;
      }
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      if (FORBIDDEN_TEXT.test(value)) {
        throw new HttpError(422, TEXT_NOT_ALLOWED, { [part.fieldname]: [TEXT_NOT_ALLOWED] });
      }
      fields[part.fieldname.replace(/\[\]$/, "")] = value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ImageRejectedError(413, IMAGE_SIZE_MESSAGE, field);
    }
    if (code === "FST_FILES_LIMIT") {
      const message = `At most ${MAX_FILES_PER_SAVE} images can be sent at once.`;
      throw new HttpError(413, message, { images: [message] });
    }
    // Anything else the parser throws (fastify's FST_ codes, busboy's "Boundary not found" or
    // "Unexpected end of form") is a malformed body: the client's, never a 500.
    throw new HttpError(422, "The form data could not be read.");
  }
  return { fields, uploads };
}

async function actorOf(request: FastifyRequest): Promise<number | null> {
  return (await request.session())?.user.id ?? null;
}

async function dropUnused(app: FastifyInstance, paths: string[]) {
  for (const path of new Set(paths)) {
    if (/^https?:/i.test(path) || (await app.services.catalogAdmin.imageInUse(path))) continue;
    await deleteStoredImage(app.config.uploadsDir, path).catch(() => {});
  }
}

/**
 * Validates the form, runs every upload through the image pipeline, then saves. Files stored
 * for a save that fails are removed again, and pictures a save drops leave storage.
 */
async function saveProduct(app: FastifyInstance, request: FastifyRequest, id: number | null) {
  const body = await readProductBody(request);
  const parsed = productInputSchema.safeParse(body.fields);
  if (!parsed.success) throw invalid(parsed.error);
  const values = parsed.data;

  const stored: NewImage[] = [];
  try {
    for (const upload of body.uploads) {
      const image = await storeImage(upload.buffer, {
        uploadsDir: app.config.uploadsDir,
        folder: "products",
        name: values.name,
        field: upload.field,
      });
      stored.push({ path: image.path });
    }
    const write = {
      values,
      uploads: stored,
      replaceMain: body.uploads.some((u) => u.field === "image"),
      actorId: await actorOf(request),
    };
    if (id === null) return { data: await app.services.catalogAdmin.createProduct(write) };
    const result = await app.services.catalogAdmin.updateProduct(id, write);
    await dropUnused(app, result.removedPaths);
    return { data: result.data };
  } catch (error) {
    await dropUnused(
      app,
      stored.map((s) => s.path),
    );
    throw error;
  }
}

async function registerMultipart(app: FastifyInstance) {
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_FILES_PER_SAVE,
        fields: 40,
        fieldSize: 64 * 1024,
      },
    });
  }
}

const productResponse = z.object({ data: adminProductSchema });
const productErrors = { 400: errorBody, 404: errorBody, 413: errorBody, 422: errorBody };

/** `/api/admin/categories` and `/api/admin/products`: inside the admin plugin (admin token). */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  // ----------------------------------------------------------------- categories
  app.get(
    "/categories",
    {
      schema: {
        querystring: adminListQuerySchema,
        response: {
          200: z.object({ data: z.array(adminCategorySchema), meta: pageMetaSchema }),
          400: errorBody,
        },
      },
    },
    async (request) => app.services.catalogAdmin.listCategories(request.query),
  );

  app.post(
    "/categories",
    {
      schema: {
        body: categoryInputSchema,
        response: { 201: z.object({ data: adminCategorySchema }), 422: errorBody },
      },
    },
    async (request, reply) => {
      const data = await app.services.catalogAdmin.createCategory(
        request.body,
        await actorOf(request),
      );
      return reply.status(201).send({ data });
    },
  );

  app.put(
    "/categories/:id",
    {
      schema: {
        params: idParam,
        body: categoryInputSchema,
        response: { 200: z.object({ data: adminCategorySchema }), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.catalogAdmin.updateCategory(
        request.params.id,
        request.body,
        await actorOf(request),
      ),
    }),
  );

  app.delete(
    "/categories/:id",
    {
      schema: {
        params: idParam,
        response: {
          200: z.object({ data: z.object({ id: z.number().int() }) }),
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => {
      await app.services.catalogAdmin.deleteCategory(request.params.id, await actorOf(request));
      return { data: { id: request.params.id } };
    },
  );

  // ----------------------------------------------------------------- products
  app.get(
    "/products",
    {
      schema: {
        querystring: adminProductQuerySchema,
        response: {
          200: z.object({ data: z.array(adminProductSchema), meta: pageMetaSchema }),
          400: errorBody,
        },
      },
    },
    async (request) => app.services.catalogAdmin.listProducts(request.query),
  );

  app.get(
    "/products/:id",
    { schema: { params: idParam, response: { 200: productResponse, 404: errorBody } } },
    async (request) => ({ data: await app.services.catalogAdmin.getProduct(request.params.id) }),
  );

  app.post(
    "/products",
    { schema: { response: { 201: productResponse, ...productErrors } } },
    async (request, reply) => reply.status(201).send(await saveProduct(app, request, null)),
  );

  // The edit form posts multipart with `_method=PUT`; clients that can send PUT do.
  for (const method of ["POST", "PUT"] as const) {
    app.route({
      method,
      url: "/products/:id",
      schema: {
        summary:
          method === "POST"
            ? "Update a product (multipart forms posting `_method=PUT`)"
            : "Update a product",
        params: idParam,
        response: { 200: productResponse, ...productErrors },
      },
      handler: async (request) =>
        saveProduct(app, request, (request.params as z.infer<typeof idParam>).id),
    });
  }

  app.delete(
    "/products/:id",
    {
      schema: {
        summary: "Delete (or archive) a product",
        params: idParam,
        response: {
          200: z.object({ data: z.object({ id: z.number().int(), archived: z.boolean() }) }),
          404: errorBody,
        },
      },
    },
    async (request) => {
      const result = await app.services.catalogAdmin.deleteProduct(
        request.params.id,
        await actorOf(request),
      );
      await dropUnused(app, result.removedPaths);
      return { data: { id: request.params.id, archived: result.archived } };
    },
  );
};

/**
 * `POST /api/products` (the add-product dialog's call) requires an admin token, and it
 * behaves exactly like `POST /api/admin/products`: app.ts registers it through the same
 * `adminGuard` (roles and the two-factor rule) as every /api/admin route.
 */
export const productCreateAliasRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  app.post(
    "/products",
    {
      schema: {
        summary: "Create a product (admin; same as POST /api/admin/products)",
        response: { 201: productResponse, ...productErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await saveProduct(app, request, null)),
  );
};
