/**
 * The flow's only script, inlined under the page's CSP nonce. It talks to the embedding page
 * in the browser SDK's protocol (SUCCESS then CLOSE, or EXIT; never null), filters the provider
 * list as the user types, marks a submitted form busy, and moves focus to the first invalid
 * field or the page's heading so that keyboard and screen-reader users start in the right place.
 * Everything else works without it: the pages are plain forms.
 */
export const LINK_CLIENT_SCRIPT = `(() => {
  const dataNode = document.getElementById("link-state");
  const state = dataNode ? JSON.parse(dataNode.textContent || "{}") : {};
  const target = state.parentOrigin || "*";
  const peer = window.parent !== window ? window.parent : window.opener;
  const post = (message) => { if (peer) peer.postMessage(message, target); };
  if (state.result === "success" && state.publicToken) {
    post({ type: "SUCCESS", payload: { publicToken: state.publicToken } });
    post({ type: "CLOSE" });
  }
  if (state.result === "exit") post({ type: "EXIT" });
  for (const button of document.querySelectorAll("[data-exit-now]")) {
    button.addEventListener("click", () => post({ type: "EXIT" }));
  }
  const search = document.getElementById("provider-search");
  if (search) {
    const items = Array.from(document.querySelectorAll("[data-provider-name]"));
    const empty = document.getElementById("no-providers");
    const status = document.getElementById("search-status");
    search.addEventListener("input", () => {
      const query = search.value.trim().toLowerCase();
      let shown = 0;
      for (const item of items) {
        const match = item.getAttribute("data-provider-name").includes(query);
        item.hidden = !match;
        if (match) shown++;
      }
      if (empty) empty.hidden = shown > 0;
      if (status) status.textContent = shown + (shown === 1 ? " provider" : " providers");
    });
  }
  for (const form of document.querySelectorAll("form[data-busy]")) {
    form.addEventListener("submit", () => {
      const button = form.querySelector("button[type=submit]");
      if (!button) return;
      setTimeout(() => { button.disabled = true; button.textContent = form.getAttribute("data-busy"); }, 0);
    });
  }
  const first = document.querySelector("[aria-invalid=true]") || document.querySelector("[data-autofocus]") || document.querySelector("h1");
  if (first) first.focus();
})();`;
