import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminDishListQuerySchema,
  adminDishListResponseSchema,
  adminDishResponseSchema,
  dishInputSchema,
  dishUpdateSchema,
  kitchenDeliveryResponseSchema,
  kitchenDeliverySchema,
} from "../../../shared/schemas/kitchen.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import {
  deleteStoredImage,
  IMAGE_SIZE_MESSAGE,
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  storeImage,
} from "../uploads/images.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const idParams = z.object({
  id: z.coerce
    .number({ message: "The id must be a positive whole number." })
    .int("The id must be a positive whole number.")
    .positive("The id must be a positive whole number.")
    .max(Number.MAX_SAFE_INTEGER, "The id must be a positive whole number."),
});

/** Text PostgreSQL cannot store (NUL, a lone surrogate): refused like the JSON body hook does. */
const FORBIDDEN_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const TEXT_NOT_ALLOWED = "This text contains characters that are not allowed.";

/** A zod failure as the shop's 422: `{ message, errors }` keyed by field. */
function invalid(error: z.ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
  return new HttpError(422, first, errors);
}

type DishBody = { fields: Record<string, unknown>; file: { buffer: Buffer; name: string } | null };

/**
 * The dish payload, as JSON (title, price, image URL, description...) or multipart
 * like the product form: the same fields as text, and `image` as a file or an address.
 */
async function readDishBody(request: FastifyRequest): Promise<DishBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new HttpError(422, "The request body must be a JSON object.");
    }
    return { fields: body as Record<string, unknown>, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: DishBody["file"] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "image" || file) {
          await part.toBuffer(); // drain what we do not keep
          continue;
        }
        const buffer = await part.toBuffer();
        if (buffer.length > 0) file = { buffer, name: part.filename ?? "dish" };
        continue;
      }
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      if (FORBIDDEN_TEXT.test(value)) {
        throw new HttpError(422, TEXT_NOT_ALLOWED, { [part.fieldname]: [TEXT_NOT_ALLOWED] });
      }
      const key = part.fieldname.replace(/\[\]$/, "");
      // Repeated fields (weekdays[]=1&weekdays[]=3) collect into a list.
      if (key === "weekdays") {
        const list = Array.isArray(fields.weekdays) ? fields.weekdays : [];
        fields.weekdays = value.includes(",") || value === "" ? value : [...list, value];
      } else {
        fields[key] = value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new ImageRejectedError(413, IMAGE_SIZE_MESSAGE, "image");
    // Anything else the parser throws (fastify's FST_ codes, busboy's "Boundary not found" or
    // "Unexpected end of form") is a malformed body: the client's, never a 500.
    throw new HttpError(422, "The form data could not be read.");
  }
  // The product form sends the address as image_url; the dish form may too.
  if (fields.image === undefined && typeof fields.image_url === "string") {
    fields.image = fields.image_url;
  }
  delete fields.image_url;
  delete fields._method;
  return { fields, file };
}

async function dropImageIfUnused(app: FastifyInstance, image: string | null) {
  if (!image || (await app.services.kitchen.imageInUse(image))) return;
  await deleteStoredImage(app.config.uploadsDir, image).catch(() => {});
}

/** `/api/admin/kitchen...`: registered inside the admin plugin, whose hook requires an admin. */
export const adminKitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart as the product form uses it; registered here unless a parent already did.
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 },
    });
  }

  async function storeUpload(file: NonNullable<DishBody["file"]>, title: string | undefined) {
    const stored = await storeImage(file.buffer, {
      uploadsDir: app.config.uploadsDir,
      folder: "kitchen",
      name: title ?? file.name.replace(/\.[a-z0-9]+$/i, ""),
      field: "image",
    });
    return stored.path;
  }

  const actorOf = async (request: FastifyRequest) => (await request.session())?.user.id ?? null;

  app.get(
    "/kitchen",
    {
      schema: {
        querystring: adminDishListQuerySchema,
        response: { 200: adminDishListResponseSchema, 400: errorBody },
      },
    },
    async (request) => ({ data: await app.services.kitchen.list(request.query.search) }),
  );

  // The dishes' delivery: Damascus areas with their fees, the slots, pickup and the money rules.
  app.get(
    "/kitchen/delivery",
    {
      schema: {
        summary: "Dish delivery: areas and slots",
        response: { 200: kitchenDeliveryResponseSchema },
      },
    },
    async () => ({ data: await app.services.kitchen.delivery() }),
  );
  app.put(
    "/kitchen/delivery",
    {
      schema: {
        summary: "Save dish delivery: areas and slots",
        response: { 200: kitchenDeliveryResponseSchema, 422: errorBody },
      },
    },
    async (request) => {
      const parsed = kitchenDeliverySchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalid(parsed.error);
      return {
        data: await app.services.kitchen.saveDelivery(parsed.data, await actorOf(request)),
      };
    },
  );

  app.get(
    "/kitchen/:id",
    { schema: { params: idParams, response: { 200: adminDishResponseSchema, 404: errorBody } } },
    async (request) => {
      const dish = await app.services.kitchen.get(request.params.id);
      if (!dish) throw notFound();
      return { data: dish };
    },
  );

  app.post(
    "/kitchen",
    { schema: { response: { 201: adminDishResponseSchema, 422: errorBody } } },
    async (request, reply) => {
      const { fields, file } = await readDishBody(request);
      const parsed = dishInputSchema.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error);
      const values = parsed.data;
      if (file) values.image = await storeUpload(file, values.title);
      const dish = await app.services.kitchen.create(values, await actorOf(request));
      return reply.status(201).send({ data: dish });
    },
  );

  const update = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { id } = request.params;
    const { fields, file } = await readDishBody(request);
    const parsed = dishUpdateSchema.safeParse(fields);
    if (!parsed.success) throw invalid(parsed.error);
    const patch = parsed.data;
    // An unknown id is a 404 before an upload is written for it.
    if (!(await app.services.kitchen.get(id))) throw notFound();
    if (file) patch.image = await storeUpload(file, patch.title);
    const result = await app.services.kitchen.update(id, patch, await actorOf(request));
    if (!result) {
      if (file && patch.image) await dropImageIfUnused(app, patch.image);
      throw notFound();
    }
    await dropImageIfUnused(app, result.replacedImage);
    return { data: result.dish };
  };

  app.put(
    "/kitchen/:id",
    {
      schema: { params: idParams, response: { 200: adminDishResponseSchema, 404: errorBody } },
    },
    update,
  );
  // Multipart forms cannot PUT everywhere: POST with `_method=PUT`, as the product form does.
  app.post(
    "/kitchen/:id",
    {
      schema: {
        summary: "Update a dish (multipart forms posting `_method=PUT`)",
        params: idParams,
        response: { 200: adminDishResponseSchema, 404: errorBody },
      },
    },
    update,
  );

  app.delete(
    "/kitchen/:id",
    { schema: { params: idParams, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      const removed = await app.services.kitchen.remove(request.params.id, await actorOf(request));
      if (!removed) throw notFound();
      await dropImageIfUnused(app, removed.image);
      return reply.status(204).send(null);
    },
  );
};
