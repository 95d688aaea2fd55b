// The baseline of the initial-JS benchmark: React 19 saying hello, built by
// the same Vite and plugin as the web app.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>Hello, world</h1>);
