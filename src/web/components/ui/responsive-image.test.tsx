import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE, ResponsiveImage } from "./responsive-image.tsx";

// happy-dom never loads images; a browser reports an image still loading as not complete,
// and one that failed before hydration as complete with no natural width.
let complete = false;
const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "complete");
beforeEach(() => {
  complete = false;
  Object.defineProperty(HTMLImageElement.prototype, "complete", {
    configurable: true,
    get: () => complete,
  });
});
afterEach(() => {
  cleanup();
  if (original) Object.defineProperty(HTMLImageElement.prototype, "complete", original);
  else delete (HTMLImageElement.prototype as { complete?: boolean }).complete;
});

const stored = {
  src: "/storage/p/1-960x720.640w.webp",
  srcset: "/storage/p/1-960x720.320w.webp 320w, /storage/p/1-960x720.webp 960w",
  width: 960,
  height: 720,
};

describe("responsive image", () => {
  it("uses the variants with sizes and fixed dimensions, lazy unless it is the priority image", () => {
    render(<ResponsiveImage image={stored} alt="Baklava" sizes="50vw" />);
    const img = screen.getByRole("img", { name: "Baklava" });
    expect(img.getAttribute("srcset")).toBe(stored.srcset);
    expect(img.getAttribute("sizes")).toBe("50vw");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["960", "720"]);
    expect(img.getAttribute("loading")).toBe("lazy");
    cleanup();

    render(<ResponsiveImage image={stored} alt="Hero" sizes="100vw" priority />);
    const hero = screen.getByRole("img", { name: "Hero" });
    expect(hero.getAttribute("loading")).toBe("eager");
    expect(hero.getAttribute("fetchpriority")).toBe("high");
  });

  it("falls back to the placeholder when the image fails to load or there is none", () => {
    render(<ResponsiveImage image={stored} alt="Maamoul" sizes="50vw" />);
    const img = screen.getByRole("img", { name: "Maamoul" });
    fireEvent.error(img);
    expect(img.getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
    expect(img.getAttribute("srcset")).toBeNull();
    cleanup();

    render(<ResponsiveImage image={null} url={null} alt="Unknown" sizes="50vw" />);
    expect(screen.getByRole("img", { name: "Unknown" }).getAttribute("src")).toBe(
      PLACEHOLDER_IMAGE,
    );
    cleanup();

    // Server-rendered and already broken when React hydrated: onError never ran.
    complete = true;
    render(<ResponsiveImage image={stored} alt="Unknown" sizes="50vw" />);
    expect(screen.getByRole("img", { name: "Unknown" }).getAttribute("src")).toBe(
      PLACEHOLDER_IMAGE,
    );
  });
});
