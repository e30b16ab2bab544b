/** Path of the chromium the browser suite drives (CHROMIUM_PATH, default /usr/bin/chromium). */
export declare const CHROMIUM_PATH: string;
/** Installs Debian's chromium with apt-get when missing (root or passwordless sudo); answers its path. */
export declare function ensureChromium(): string;
