/**
 * The flow's whole stylesheet, inlined under the page's CSP nonce: no external CSS or fonts
 * (system font stack), readable at 320 px wide inside the SDK's 400 × 700 iframe.
 */
export const LINK_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827;background:#fff}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:12px 16px;border-bottom:1px solid #e5e7eb}
header .app{font-weight:600;font-size:.95rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
header form{margin:0}
main{flex:1;padding:20px 16px 24px;max-width:480px;width:100%;margin:0 auto}
h1{font-size:1.35rem;line-height:1.3;margin:0 0 12px}
h1:focus{outline:none}
p{margin:0 0 12px}
.muted{color:#4b5563;font-size:.9rem}
.exit{background:none;border:1px solid transparent;border-radius:8px;font-size:1.5rem;line-height:1;padding:4px 10px;color:#374151;cursor:pointer}
.exit:hover{background:#f3f4f6}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
label{display:block;font-weight:600;margin:0 0 4px}
.hint{display:block;color:#4b5563;font-size:.85rem;margin:0 0 6px}
input[type=text],input[type=password],input[type=search],input[type=email],select{width:100%;font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b91c1c}
.field{margin:0 0 16px}
.field-error{color:#b91c1c;font-size:.85rem;margin:4px 0 0}
.primary{display:block;width:100%;font:inherit;font-weight:600;padding:12px 16px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
.primary:hover{background:#1e40af}
.primary:disabled{background:#6b7280;cursor:progress}
.secondary{display:block;width:100%;font:inherit;padding:10px 16px;margin-top:8px;border:1px solid #d1d5db;border-radius:8px;background:#fff;color:#111827;cursor:pointer}
a.secondary{text-align:center;text-decoration:none}
.unlisted{margin:16px 0 0;text-align:center}
.providers{list-style:none;margin:12px 0 0;padding:0;display:grid;gap:8px}
.providers button{display:flex;align-items:center;gap:12px;width:100%;font:inherit;text-align:left;padding:10px 12px;border:1px solid #d1d5db;border-radius:10px;background:#fff;color:inherit;cursor:pointer;min-height:56px}
.providers button:hover{border-color:#1d4ed8;background:#eff6ff}
.providers img{width:36px;height:36px;border-radius:8px;flex:none}
.providers .name{font-weight:600;flex:1}
.badge{font-size:.75rem;padding:2px 8px;border-radius:999px;background:#f3f4f6;color:#374151}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#7f1d1d;border-radius:8px;padding:10px 12px;margin:0 0 16px}
.alert ul{margin:6px 0 0;padding-left:20px}
.success{border:1px solid #bbf7d0;background:#f0fdf4;color:#14532d;border-radius:8px;padding:12px;margin:0 0 16px}
.shared{margin:0 0 16px;padding-left:20px}
.provider-title{display:flex;align-items:center;gap:12px;margin:0 0 16px}
.provider-title img{width:40px;height:40px;border-radius:8px}
a{color:#1d4ed8}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-color-scheme:dark){html{background:#111827;color:#f9fafb}header{border-color:#374151}.muted,.hint{color:#d1d5db}.exit{color:#f9fafb}.exit:hover{background:#1f2937}input[type=text],input[type=password],input[type=search],input[type=email],select,.providers button,.secondary{background:#1f2937;color:#f9fafb;border-color:#4b5563}.providers button:hover{background:#1e3a8a}.badge{background:#374151;color:#f9fafb}a{color:#93c5fd}}
`;
