import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for the e-mail tests (order e-mails, password resets): what
 * arrives is kept, decoded to readable text. `state.refuseNext` makes it answer the next
 * messages with a 451 (the outbox's retries).
 */
export type ReceivedMail = { from: string; to: string[]; raw: string; text: string };

/** A quoted-printable body back to UTF-8 text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * quoted-printable and base64 bodies (and encoded subjects) back to UTF-8 text. Only the parts
 * that say they are quoted-printable are decoded as such: decoding the headers too turned a
 * List-Unsubscribe token's "=AB…" into a byte, one token in sixteen.
 */
export function decodeMail(raw: string): string {
  const qp = raw.replace(
    /(Content-Transfer-Encoding: quoted-printable\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--\S|$)/gi,
    (_m, head: string, body: string) => head + decodeQuotedPrintable(body),
  );
  const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s/g, ""), "base64").toString("utf8"))
    .join("\n");
  const subjects = [...raw.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)]
    .map(([, kind, body]) =>
      kind!.toUpperCase() === "B"
        ? Buffer.from(body!, "base64").toString("utf8")
        : Buffer.from(
            body!
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/g, (_m, h: string) =>
                String.fromCharCode(Number.parseInt(h, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    )
    .join("");
  return `${qp}\n${b64}\n${subjects}`;
}

/** The reset link in a received e-mail (the first `/reset-password?token=` address). */
export function resetLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text.slice(0, 500)}`);
  return new URL(match[0]);
}

export async function startSmtp(port = 0): Promise<{
  port: number;
  received: ReceivedMail[];
  state: { refuseNext: number };
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const state = { refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (state.refuseNext > 0) {
          state.refuseNext -= 1;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeMail(raw),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
