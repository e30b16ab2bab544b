import { LINK_CSS } from "./pages/link";
import { USAGE_CSS } from "./pages/usage";
import { WEBHOOKS_CSS } from "./pages/webhooks";

/**
 * The dashboard's whole stylesheet, inlined under the page's CSP nonce: no external CSS or fonts
 * (system font stack), no framework; readable from 320 px (phone) to desktop, with visible focus
 * and text contrast of at least 4.5:1 (WCAG AA).
 */
export const DASHBOARD_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827;background:#f9fafb}
body{margin:0;min-height:100vh}
a{color:#1d4ed8}
.skip{position:absolute;left:-9999px}
.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:10}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:10px 16px;background:#111827;color:#f9fafb}
header a{color:#f9fafb}
header .brand{font-weight:700;margin-right:auto}
header form{margin:0;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
header label{font-size:.85rem}
header select,header button{font:inherit;font-size:.9rem;padding:4px 8px;border-radius:6px;border:1px solid #9ca3af;background:#fff;color:#111827}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:8px 16px;background:#fff;border-bottom:1px solid #e5e7eb}
nav a[aria-current=page]{font-weight:700;color:#111827}
main{padding:16px;max-width:1200px;margin:0 auto}
h1{font-size:1.4rem;margin:8px 0 16px}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.table-wrap{overflow-x:auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left;white-space:nowrap}
thead th{background:#f3f4f6;position:sticky;top:0}
.supported{color:#065f46}
.unsupported{color:#4b5563}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;max-width:440px;margin:32px auto}
.field{margin:0 0 16px}
.field label{display:block;font-weight:600;margin:0 0 4px}
.field input{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px}
.primary{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fecaca;border-radius:8px;padding:8px 12px}
.muted{color:#4b5563;font-size:.9rem}
h2{font-size:1.1rem;margin:24px 0 8px}
.details{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.details dt{font-weight:600}
.details dd{margin:0;min-width:0;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
.actions form{margin:0}
.confirm{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:6px 8px}
.confirm label{font-size:.9rem}
.danger{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:#b91c1c;color:#fff;cursor:pointer}
.secret{background:#fffbeb;border:1px solid #f59e0b;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.secret h2{margin-top:0}
progress{width:80px;vertical-align:middle}
.copy{display:flex;flex-wrap:wrap;gap:8px}
.copy input{flex:1 1 200px;min-width:0;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;padding:8px;border:1px solid #6b7280;border-radius:6px}
.copied{margin:4px 0 0;min-height:1.5em;font-size:.9rem}
.panel{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.panel h2{margin-top:0}
h3{font-size:1rem;margin:16px 0 4px}
.plain{list-style:none;padding:0;margin:0 0 8px}
.plain li{margin:0 0 6px}
.inline-form{display:inline-flex;flex-wrap:wrap;gap:6px 8px;align-items:center;margin:0 0 0 8px}
.inline-form .field{margin:0}
.inline-form select,.inline-form input{font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:6px}
.inline-form .primary,.inline-form .danger{padding:6px 12px}
td.wrap{white-space:normal;min-width:240px}
.issues li{margin:0 0 8px}
.issues form{display:inline;margin-left:8px}
.search{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-end;margin:0 0 16px}
.search .field{margin:0;min-width:160px;flex:1}
.search select{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff}
${WEBHOOKS_CSS}${USAGE_CSS}${LINK_CSS}`;
