import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { setPageHydrating } from "./components/ui/hydrate-later.tsx";

// Sections below the fold wait to be hydrated until they come near (docs/decisions/0032).
setPageHydrating(true);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
