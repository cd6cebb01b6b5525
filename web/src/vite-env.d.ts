/// <reference types="vite/client" />

/** The web app's version (vite.config.ts). */
declare const __POINTE_RELEASE__: string;
