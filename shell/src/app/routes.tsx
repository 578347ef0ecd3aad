import { Route, Routes, useLocation } from '@portal/shared-ui';
import { Layout } from '../components/Layout';
import { AuthPage } from '../features/auth/AuthPage';
import { LandingPage } from '../features/landing/LandingPage';
import { StaticPage } from '../features/static/StaticPage';
import { RedirectIfSignedIn } from '../guards/Guards';
import { AdminGate } from '../remotes/AdminGate';
import { matchesPrefix } from '../remotes/registrySlice';
import { RemoteRoutes } from '../remotes/RemoteRoutes';

/**
 * Remote areas are mounted under a splat route at the root, so a remote's own <Routes> use the
 * same absolute paths ("/dashboard", "/admin/users") in the portal and standalone.
 */
function CatchAll() {
  const { pathname } = useLocation();
  // The admin area has its own layout (sidebar) and is guarded by the admin check only.
  if (matchesPrefix(pathname, '/admin')) return <AdminGate />;
  return (
    <Layout>
      <RemoteRoutes />
    </Layout>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="/auth" element={<RedirectIfSignedIn><AuthPage /></RedirectIfSignedIn>} />
        <Route path="/white-paper" element={<StaticPage title="White Paper" />} />
        <Route path="/about-us" element={<StaticPage title="About Us" />} />
        <Route path="/contact-us" element={<StaticPage title="Contact Us" />} />
        <Route path="/terms-and-conditions" element={<StaticPage title="Terms & Conditions" />} />
        <Route path="/privacy-policy" element={<StaticPage title="Privacy Policy" />} />
        <Route path="/faqs" element={<StaticPage title="Frequently Asked Questions" />} />
      </Route>
      <Route path="*" element={<CatchAll />} />
    </Routes>
  );
}
