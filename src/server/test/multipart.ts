/** A file part of a test's multipart body. */
export type MultipartFile = { field: string; name: string; data: Buffer; type?: string };

/** A multipart body as a browser's FormData sends it, for `app.inject`. */
export function multipartBody(
  fields: Record<string, string>,
  files: ReadonlyArray<MultipartFile> = [],
  headers: Record<string, string> = {},
) {
  const boundary = "----shop-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
