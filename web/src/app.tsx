import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider, type createBrowserRouter, type createMemoryRouter } from 'react-router';
import { theme } from './shared/theme/theme';

type AppRouter = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

// Providers shared by the browser entry and the tests. Apollo's provider sits inside the
// authenticated shell (see router.tsx), so the open pages do not need Apollo to render.
export function App({ router }: { router: AppRouter }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
