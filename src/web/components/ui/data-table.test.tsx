import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../test/render-with-kit.tsx";
import { type Column, DataTable } from "./data-table.tsx";
import { SearchInput } from "./search-input.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Row = { id: number; name: string; price: string };
const columns: Column<Row>[] = [
  { key: "name", header: "Name", cell: (r) => r.name },
  { key: "price", header: "Price", numeric: true, cell: (r) => r.price },
];
const base = {
  caption: "Things",
  columns,
  rowKey: (r: Row) => r.id,
  emptyText: "No categories yet.",
};

describe("DataTable states", () => {
  it("loading", () => {
    renderWithKit(<DataTable {...base} rows={undefined} loading />);
    expect(screen.getByTestId("table-loading").textContent).toBe("Loading…");
  });

  it("error with a retry", async () => {
    const onRetry = vi.fn();
    renderWithKit(
      <DataTable
        {...base}
        rows={undefined}
        loading={false}
        error="Failed to fetch categories"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByTestId("table-error").textContent).toContain("Failed to fetch categories");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("SPEC's empty state when nothing exists, 'No results.' for a search", () => {
    renderWithKit(<DataTable {...base} rows={[]} loading={false} />);
    expect(screen.getByTestId("table-empty").textContent).toBe("No categories yet.");
    cleanup();
    renderWithKit(<DataTable {...base} rows={[]} loading={false} filtered />);
    expect(screen.getByTestId("table-empty").textContent).toBe("No results.");
  });

  it("rows, with numbers left-to-right, in Arabic too", () => {
    renderWithKit(
      <DataTable {...base} rows={[{ id: 1, name: "بقلاوة", price: "12.50" }]} loading={false} />,
      { lang: "ar" },
    );
    const cells = screen.getAllByRole("cell");
    expect(cells[1]?.getAttribute("dir")).toBe("ltr");
    expect(screen.getByRole("table", { name: "Things" })).toBeTruthy();
  });

  it("pages and changes the page size", async () => {
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    renderWithKit(
      <DataTable
        {...base}
        rows={[{ id: 1, name: "a", price: "1" }]}
        loading={false}
        paging={{
          page: 1,
          lastPage: 3,
          onPageChange,
          perPage: 20,
          perPageOptions: [10, 20, 50],
          onPerPageChange,
          total: 41,
        }}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.selectOptions(screen.getByLabelText("Per page"), "50");
    expect(onPerPageChange).toHaveBeenCalledWith(50);
  });
});

describe("SearchInput", () => {
  it("asks once, after the pause (250 ms), with the trimmed text", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderWithKit(<SearchInput label="Search categories" delay={250} onSearch={onSearch} />);
    const box = screen.getByLabelText("Search categories");
    fireEvent.change(box, { target: { value: "b" } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box, { target: { value: "ba " } });
    act(() => vi.advanceTimersByTime(249));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith("ba");
  });

  it("clearing the box shows everything at once", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderWithKit(<SearchInput label="Search" delay={300} onSearch={onSearch} />);
    const box = screen.getByLabelText("Search");
    fireEvent.change(box, { target: { value: "x" } });
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith("x");
    fireEvent.change(box, { target: { value: "" } });
    expect(onSearch).toHaveBeenLastCalledWith("");
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
