import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { PageSpinner } from './components/ui/spinner';
import { useAuth } from './lib/api/auth';
import HomePage from './pages/home';

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
const LoginPage = lazy(() => import('./pages/login'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password'));
const PrivacyPage = lazy(() => import('./pages/privacy'));
const TermsPage = lazy(() => import('./pages/terms'));
const NotFoundPage = lazy(() => import('./pages/not-found'));

export function App() {
  const { isLoading } = useAuth();
  return (
    <AppLayout>
      {isLoading ? (
        <PageSpinner />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/ai-assistant" element={<AiAssistantPage />} />
            <Route path="/experts" element={<ExpertsPage />} />
            <Route path="/expert/apply" element={<ExpertApplyPage />} />
            <Route path="/expert/:id" element={<ExpertProfilePage />} />
            <Route path="/consultation" element={<ConsultationPage />} />
            <Route path="/book-service" element={<BookServicePage />} />
            <Route path="/book-video" element={<BookVideoPage />} />
            <Route path="/book-onsite" element={<BookOnsitePage />} />
            <Route path="/onsite-request" element={<OnsiteRequestPage />} />
            <Route path="/video-consultation" element={<VideoConsultationPage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/bookings" element={<BookingsPage />} />
            <Route path="/bookings/:id" element={<BookingPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/user-management" element={<UserManagementPage />} />
            <Route path="/expert-management" element={<ExpertManagementPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      )}
    </AppLayout>
  );
}
