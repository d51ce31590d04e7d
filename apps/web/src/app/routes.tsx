import { Navigate, type RouteObject } from 'react-router';
import { AnalyticsPage } from '../features/analytics/components/analytics-page.tsx';
import { CampaignAnalyticsTab } from '../features/analytics/components/campaign-analytics-tab.tsx';
import { EmailVerificationPage } from '../features/auth/components/email-verification-page.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignUpPage } from '../features/auth/components/sign-up-page.tsx';
import { BillingPage } from '../features/billing/components/billing-page.tsx';
import { BonusPage } from '../features/billing/components/bonus-page.tsx';
import { CheckoutPage } from '../features/billing/components/checkout-page.tsx';
import { CheckoutReturnPage } from '../features/billing/components/checkout-return-page.tsx';
import { InvoicesPage } from '../features/billing/components/invoices-page.tsx';
import { PurchasePage } from '../features/billing/components/purchase-page.tsx';
import { BulkPreviewPage } from '../features/bulk/components/bulk-preview-page.tsx';
import { BulkSearchPage } from '../features/bulk/components/bulk-search-page.tsx';
import { CampaignConfigurationLayout } from '../features/campaigns/components/campaign-configuration-layout.tsx';
import { CampaignNamePage } from '../features/campaigns/components/campaign-name-page.tsx';
import { CampaignsPage } from '../features/campaigns/components/campaigns-page.tsx';
import { ScheduleStep } from '../features/campaigns/components/schedule-step.tsx';
import { SequencesStep } from '../features/campaigns/components/sequences-step.tsx';
import { SettingsStep } from '../features/campaigns/components/settings-step.tsx';
import { CompanyFinderPage } from '../features/companies/components/company-finder-page.tsx';
import { CompanyPage } from '../features/companies/components/company-page.tsx';
import { ContactListDetailsPage } from '../features/contacts/components/contact-list-details-page.tsx';
import { ContactListsPage } from '../features/contacts/components/contact-lists-page.tsx';
import { ContactsSourcePage } from '../features/contacts/components/contacts-source-page.tsx';
import { ListNamePage } from '../features/contacts/components/list-name-page.tsx';
import { LeadFinderPage } from '../features/leads/components/lead-finder-page.tsx';
import { LookAlikePage } from '../features/lookalike/components/look-alike-page.tsx';
import { LookAlikePreviewPage } from '../features/lookalike/components/look-alike-preview-page.tsx';
import { LookAlikeRestrictedPage } from '../features/lookalike/components/look-alike-restricted-page.tsx';
import { SenderListPage } from '../features/mailboxes/components/sender-list-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { SingleSearchPage } from '../features/search/components/single-search-page.tsx';
import { AccountSettingsPage } from '../features/settings/components/account-settings-page.tsx';
import { DeleteAccountPage } from '../features/settings/components/delete-account-page.tsx';
import { PasswordSettingsPage } from '../features/settings/components/password-settings-page.tsx';
import { SettingsLayout } from '../features/settings/components/settings-layout.tsx';
import { UnsubscribeSurveyPage } from '../features/survey/components/unsubscribe-survey-page.tsx';
import { UniboxPage } from '../features/unibox/components/unibox-page.tsx';
import {
  AnonymousOnly,
  EmailVerificationAccess,
  RequireActive,
  RequireLogin,
  RequireMail,
  RequirePaidPlan,
  RequireUnsubParam,
} from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';

// product-spec §2 "Route table and guards", top to bottom.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/search/single" replace /> },
      {
        element: <RequireActive />,
        children: [
          {
            path: 'search/single/:company_name?/:first_name?/:last_name?',
            element: <SingleSearchPage />,
          },
          { path: 'search/bulk', element: <BulkSearchPage /> },
        ],
      },
      {
        element: <RequireLogin />,
        children: [{ path: 'search/bulk/preview/:requestId', element: <BulkPreviewPage /> }],
      },
      {
        element: <RequireActive />,
        children: [
          { path: 'lead-finder', element: <LeadFinderPage /> },
          { path: 'company-finder', element: <CompanyFinderPage /> },
        ],
      },
      {
        path: 'look-alike',
        element: <RequireLogin />,
        children: [
          {
            element: <RequirePaidPlan />,
            children: [
              { index: true, element: <LookAlikePage /> },
              { path: 'preview/:requestId', element: <LookAlikePreviewPage /> },
            ],
          },
          { path: 'restricted', element: <LookAlikeRestrictedPage /> },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            element: <RequireMail />,
            children: [
              {
                element: <RequireActive />,
                children: [
                  { path: 'sender-list', element: <SenderListPage /> },
                  { path: 'unibox', element: <UniboxPage /> },
                  { path: 'analytics', element: <AnalyticsPage /> },
                  {
                    path: 'contacts',
                    children: [
                      { index: true, element: <ContactListsPage /> },
                      { path: 'name', element: <ListNamePage /> },
                      { path: 'contacts-source', element: <ContactsSourcePage /> },
                      { path: 'details/:requestId', element: <ContactListDetailsPage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: 'company/:name', element: <CompanyPage /> },
      {
        path: 'campaigns',
        element: <RequireLogin />,
        children: [
          {
            element: <RequireMail />,
            children: [
              { index: true, element: <CampaignsPage /> },
              { path: 'campaign-name', element: <CampaignNamePage /> },
              {
                path: 'campaign-configuration/:campaignId',
                element: <CampaignConfigurationLayout />,
                children: [
                  { index: true, element: <Navigate to="contacts" replace /> },
                  { path: 'schedule', element: <ScheduleStep /> },
                  { path: 'sequences', element: <SequencesStep /> },
                  { path: 'analytics', element: <CampaignAnalyticsTab /> },
                  { path: 'settings', element: <SettingsStep /> },
                  {
                    path: 'contacts',
                    children: [
                      { index: true, element: <ContactListsPage /> },
                      { path: 'name', element: <ListNamePage /> },
                      { path: 'contacts-source', element: <ContactsSourcePage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'settings',
        element: <RequireLogin />,
        children: [
          {
            element: <RequireActive />,
            children: [
              {
                element: <SettingsLayout />,
                children: [
                  { index: true, element: <Navigate to="account" replace /> },
                  { path: 'account', element: <AccountSettingsPage /> },
                  { path: 'billing', element: <BillingPage /> },
                  { path: 'password', element: <PasswordSettingsPage /> },
                  { path: 'delete', element: <DeleteAccountPage /> },
                  { path: 'invoices', element: <InvoicesPage /> },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <AnonymousOnly />,
        children: [
          { path: 'signup', element: <SignUpPage /> },
          { path: 'auth/login', element: <LoginPage /> },
        ],
      },
      {
        element: <AnonymousOnly />,
        children: [
          { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
          { path: 'auth/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <EmailVerificationAccess />,
        children: [{ path: 'email-verification', element: <EmailVerificationPage /> }],
      },
      {
        element: <RequireActive />,
        children: [{ path: 'purchase', element: <PurchasePage /> }],
      },
      {
        element: <RequireLogin />,
        children: [{ path: 'checkout', element: <CheckoutPage /> }],
      },
      { path: 'checkout/return', element: <CheckoutReturnPage /> },
      {
        element: <RequireUnsubParam />,
        children: [{ path: 'survey/campaign-unsubscribe', element: <UnsubscribeSurveyPage /> }],
      },
      {
        element: <RequireLogin />,
        children: [{ path: 'one-time-credits-bonus', element: <BonusPage /> }],
      },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
