import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { rememberShareSource } from './lib/share-source';
import './styles.css';

// A shared post's link names its platform (?source=): remember it for the signup (/share analytics).
rememberShareSource(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
