import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createExpiryWorker, type ExpiryWorker, expireReservations } from "./expiry.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Ends unpaid reservations every minute; tests call `runOnce(now)`. */
    reservationWorker: ExpiryWorker;
  }
}

/**
 * Reservations end: a worker in this process cancels, every minute, the orders nobody paid
 * for in time (expiry.ts). Started when the app is ready and stopped (after its current run)
 * when it closes, like the mail outbox's. Several instances may run it at once.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const worker = createExpiryWorker({
      run: async (now) =>
        expireReservations(app.database.db, await app.services.settings.get(), now, {
          mail: app.services.payments.cancelMail,
        }),
      onError: (error) => app.log.warn({ err: error }, "reservations: a run failed"),
      onCancelled: (numbers) =>
        app.log.info({ orders: numbers }, "reservations: unpaid orders cancelled"),
    });
    app.decorate("reservationWorker", worker);
    if (opts.autoStart !== false) app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "payments", dependencies: ["services"] },
);
