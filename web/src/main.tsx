import './app/mantineStyles';
import './app/global.css';
import { i18nReady } from './i18n';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// The first render waits for the page language's texts (a small chunk fetched beside this one).
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
