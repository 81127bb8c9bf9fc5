/**
 * `npm run mailbox`: a real SMTP server on loopback that keeps what it receives, and a small
 * HTTP page that lists it, for trying the shop's e-mails without a mail provider (order
 * messages, password resets, newsletter confirmations). Start the shop with
 *
 *   SMTP_URL=smtp://127.0.0.1:1025 npm start
 *
 * then open http://127.0.0.1:1080/messages (JSON, newest last; `?to=<address>` filters).
 * Settings (environment): MAILBOX_SMTP_PORT (1025), MAILBOX_HTTP_PORT (1080), MAILBOX_HOST
 * (127.0.0.1). The browser tests start it as a web server beside the shop (playwright.config.ts)
 * and read the links their journeys need from it (e2e/support.ts `mailTo`).
 */
import http from "node:http";
import { startSmtp } from "../src/server/test/smtp.ts";

const host = process.env.MAILBOX_HOST ?? "127.0.0.1";
const smtp = await startSmtp(Number(process.env.MAILBOX_SMTP_PORT ?? 1025));
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://mailbox");
  if (url.pathname === "/healthz") return void response.end("ok");
  if (url.pathname !== "/messages") {
    response.statusCode = 404;
    return void response.end("not found");
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = smtp.received.filter(
    (mail) => !to || mail.to.some((address) => address.toLowerCase() === to),
  );
  response.setHeader("content-type", "application/json; charset=utf-8");
  response.end(JSON.stringify(messages));
});
const httpPort = Number(process.env.MAILBOX_HTTP_PORT ?? 1080);
server.listen(httpPort, host, () => {
  console.log(
    `Mailbox: SMTP on ${host}:${smtp.port}, messages at http://${host}:${httpPort}/messages`,
  );
});
const stop = () => server.close(() => void smtp.close().then(() => process.exit(0)));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
