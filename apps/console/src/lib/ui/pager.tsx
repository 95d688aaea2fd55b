type PagerProps = {
  /** Zero-based page. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "Members". */
  label: string;
};

/** Previous and next page of a list, with where the list is. */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <p aria-live="polite">
        {first}–{last} of {total}
      </p>
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <button type="button" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
