/**
 * The script of a page with copy fields (pages/copy-field.tsx: a created short link, a secret shown
 * once): it shows each field's "Copy" button (hidden in the HTML, since it does nothing without
 * JavaScript) and copies the value on a press, announcing "Copied" in the field's live region. Where
 * the clipboard is unavailable (an insecure origin, a refused permission) it selects the value
 * instead, so the member copies it by hand; without the script the value is plain selectable text in
 * a read-only field.
 */
export const COPY_SCRIPT = `(() => {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const field = document.getElementById(button.dataset.copy);
    const status = document.getElementById(button.dataset.status);
    if (!field || !status) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      // Emptied first, so a second copy is announced again.
      status.textContent = "";
      try {
        await navigator.clipboard.writeText(field.value);
        status.textContent = "Copied";
      } catch {
        field.focus();
        field.select();
        status.textContent = "Could not copy: it is selected, copy it with your keyboard";
      }
    });
  }
})();`;
