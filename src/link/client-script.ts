/**
 * The flow's only script, inlined under the page's CSP nonce. It talks to the embedding page
 * in the browser SDK's protocol (SUCCESS then CLOSE, or EXIT; never null), runs a provider's
 * OAuth consent in a popup when the flow is embedded (and hears its result), filters the provider
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
  const succeed = (publicToken) => {
    post({ type: "SUCCESS", payload: { publicToken } });
    post({ type: "CLOSE" });
  };
  // The provider's consent runs in a popup of the embedded flow (providers refuse to be framed):
  // its callback page hands the result to the flow that opened it, on this same origin, and closes.
  let sameOriginOpener = false;
  try { sameOriginOpener = !!window.opener && window.opener.location.origin === location.origin; } catch (e) {}
  const consentPopup = state.oauthCallback && window.parent === window && sameOriginOpener;
  if (consentPopup && state.result === "success" && state.publicToken) {
    window.opener.postMessage({ type: "LINK_OAUTH_DONE", publicToken: state.publicToken }, location.origin);
    window.close();
  } else if (consentPopup && state.consent) {
    window.opener.postMessage({ type: "LINK_OAUTH_DONE", consent: state.consent }, location.origin);
    window.close();
  } else if (state.result === "success" && state.publicToken) {
    succeed(state.publicToken);
  }
  const oauthForm = document.querySelector("form[data-oauth]");
  if (oauthForm && window.parent !== window) {
    oauthForm.addEventListener("submit", () => {
      if (window.open("", "link-oauth", "popup,width=560,height=760")) oauthForm.target = "link-oauth";
    });
    window.addEventListener("message", (event) => {
      if (event.origin !== location.origin || !event.data || event.data.type !== "LINK_OAUTH_DONE") return;
      const page = oauthForm.getAttribute("data-oauth");
      if (event.data.publicToken) {
        succeed(event.data.publicToken);
        location.assign(page);
      } else if (event.data.consent === "declined" || event.data.consent === "failed") {
        location.assign(page + "?consent=" + event.data.consent);
      }
    });
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
