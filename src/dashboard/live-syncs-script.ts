/**
 * The connection page's only script: while a sync is moving (`#syncs[data-live=true]`), it reads
 * the page again every two seconds and swaps in the new syncs section, so progress and the final
 * status appear without a reload; it stops once no sync is moving, after an error answer, or
 * after an hour (a forgotten tab does not poll forever). The page works without it (a reload shows
 * the same).
 */
export const LIVE_SYNCS_SCRIPT = `(() => {
  const INTERVAL_MS = 2000;
  const MAX_POLLS = 1800;
  let polls = 0;
  const follow = () => {
    const section = document.getElementById("syncs");
    if (!section || section.dataset.live !== "true" || polls++ >= MAX_POLLS) return;
    setTimeout(async () => {
      try {
        const answer = await fetch(location.href, { credentials: "same-origin", headers: { accept: "text/html" } });
        if (!answer.ok) return;
        const next = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById("syncs");
        if (!next) return;
        section.replaceWith(document.importNode(next, true));
        follow();
      } catch {
        // Offline or signed out: the page stays as it is; a reload tells the member what happened.
      }
    }, INTERVAL_MS);
  };
  follow();
})();`;
