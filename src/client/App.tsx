import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { PageSpinner } from './components/ui/spinner';
import { useAuth } from './lib/api/auth';
import HomePage from './pages/home';
import { PAGE_PATHS, type PagePath } from '@common/page-paths';

const AiAssistantPage = lazy(() => import('./pages/ai-assistant'));
const ExpertsPage = lazy(() => import('./pages/experts'));
const ExpertProfilePage = lazy(() => import('./pages/expert-profile'));
const ExpertApplyPage = lazy(() => import('./pages/expert-apply'));
const ConsultationPage = lazy(() => import('./pages/consultation'));
const BookServicePage = lazy(() => import('./pages/book-service'));
const BookVideoPage = lazy(() => import('./pages/book-video'));
const BookOnsitePage = lazy(() => import('./pages/book-onsite'));
const OnsiteRequestPage = lazy(() => import('./pages/onsite-request'));
const VideoConsultationPage = lazy(() => import('./pages/video-consultation'));
const DashboardPage = lazy(() => import('./pages/dashboard'));
const BookingsPage = lazy(() => import('./pages/bookings'));
const BookingPage = lazy(() => import('./pages/booking'));
const SettingsPage = lazy(() => import('./pages/settings'));
const ProfilePage = lazy(() => import('./pages/profile'));
const UserManagementPage = lazy(() => import('./pages/user-management'));
const ExpertManagementPage = lazy(() => import('./pages/expert-management'));
const WorkspacePage = lazy(() => import('./pages/workspace'));
const LoginPage = lazy(() => import('./pages/login'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password'));
const PrivacyPage = lazy(() => import('./pages/privacy'));
const TermsPage = lazy(() => import('./pages/terms'));
const NotFoundPage = lazy(() => import('./pages/not-found'));

const PAGES: Record<PagePath, ReactElement> = {
  '/': <HomePage />,
  '/ai-assistant': <AiAssistantPage />,
  '/experts': <ExpertsPage />,
  '/expert/apply': <ExpertApplyPage />,
  '/expert/:id': <ExpertProfilePage />,
  '/consultation': <ConsultationPage />,
  '/book-service': <BookServicePage />,
  '/book-video': <BookVideoPage />,
  '/book-onsite': <BookOnsitePage />,
  '/onsite-request': <OnsiteRequestPage />,
  '/video-consultation': <VideoConsultationPage />,
  '/dashboard': <DashboardPage />,
  '/bookings': <BookingsPage />,
  '/bookings/:id': <BookingPage />,
  '/settings': <SettingsPage />,
  '/profile': <ProfilePage />,
  '/user-management': <UserManagementPage />,
  '/expert-management': <ExpertManagementPage />,
  '/workspace': <WorkspacePage />,
  '/login': <LoginPage />,
  '/reset-password': <ResetPasswordPage />,
  '/privacy': <PrivacyPage />,
  '/terms': <TermsPage />,
};

export function App() {
  const { isLoading } = useAuth();
  return (
    <AppLayout>
      {isLoading ? (
        <PageSpinner />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            {PAGE_PATHS.map((path) => (
              <Route key={path} path={path} element={PAGES[path]} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      )}
    </AppLayout>
  );
}
