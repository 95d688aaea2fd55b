import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstScreen } from './app/first-screen';
import { startSessionCheck } from './lib/staff-session';
import './styles/console.css';

// The session's answer and the first screen's code travel while React starts.
startSessionCheck();
preloadFirstScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
