import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, lazyPage, openedPage } from '@portal/shared-ui';
import { Layout } from '../components/Layout';
import { LandingPage } from '../features/public/LandingPage';
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

// The landing page is in the first bundle (the first paint most people see). /auth is a chunk of its
// own, and the static pages are one small chunk of their own: the one a visit opens on is loaded
// before the first render (openedShellPage).
const AuthPage = lazyPage(() => import(/* webpackChunkName: "auth" */ '../features/auth/AuthPage'), 'AuthPage');
// The page of the password reset link: its own small chunk; not behind RedirectIfSignedIn (someone
// signed in on this browser may still reset, which signs every session out).
const ResetPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "reset-password" */ '../features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
const publicPages = () => import(/* webpackChunkName: "public-pages" */ '../features/public/lazy');
const WhitePaperPage = lazyPage(publicPages, 'WhitePaperPage');
const AboutPage = lazyPage(publicPages, 'AboutPage');
const ContactPage = lazyPage(publicPages, 'ContactPage');
const TermsPage = lazyPage(publicPages, 'TermsPage');
const PrivacyPage = lazyPage(publicPages, 'PrivacyPage');
const FaqPage = lazyPage(publicPages, 'FaqPage');
const Page = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

const appRoutes = (
  <Routes>
    <Route element={<Layout />}>
      <Route index element={<LandingPage />} />
      <Route
        path="/auth"
        element={
          <RedirectIfSignedIn>
            <Page>
              <AuthPage />
            </Page>
          </RedirectIfSignedIn>
        }
      />
      <Route
        path="/reset-password"
        element={
          <Page>
            <ResetPasswordPage />
          </Page>
        }
      />
      <Route
        path="/white-paper"
        element={
          <Page>
            <WhitePaperPage />
          </Page>
        }
      />
      <Route
        path="/about-us"
        element={
          <Page>
            <AboutPage />
          </Page>
        }
      />
      <Route
        path="/contact-us"
        element={
          <Page>
            <ContactPage />
          </Page>
        }
      />
      {/* docs/product.md says the about page links to /contact; the route table names /contact-us */}
      <Route path="/contact" element={<Navigate to="/contact-us" replace />} />
      <Route
        path="/terms-and-conditions"
        element={
          <Page>
            <TermsPage />
          </Page>
        }
      />
      <Route
        path="/privacy-policy"
        element={
          <Page>
            <PrivacyPage />
          </Page>
        }
      />
      <Route
        path="/faqs"
        element={
          <Page>
            <FaqPage />
          </Page>
        }
      />
    </Route>
    <Route path="*" element={<CatchAll />} />
  </Routes>
);

export const AppRoutes = () => appRoutes;

/** The shell's lazy page this visit opened on (/auth, a static page), loading: bootstrap.tsx renders once it has arrived. */
export const openedShellPage = () => openedPage(appRoutes);
