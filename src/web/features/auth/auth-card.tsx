import type { ReactNode } from "react";

/** The frame of the login and register screens. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-brown">{title}</h1>
        <p className="mt-2 mb-6 text-muted">{intro}</p>
        {children}
      </div>
    </section>
  );
}
