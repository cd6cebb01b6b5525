import './app/mantineStyles';
import './app/global.css';

import { PAGE_DATA_ID } from './ssr/renderedPage';

/*
 * The entry is only this. A page the server drew is painted first and the app's code fetched after that
 * paint: on a slow line its requests would otherwise hold back the page's styles and pictures. (The
 * server links the start's and the page's stylesheets in the page's head.) Other pages start at once.
 */
const start = () => void import('./start');
if (document.getElementById(PAGE_DATA_ID)) requestAnimationFrame(() => setTimeout(start));
else start();
