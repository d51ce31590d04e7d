import { Navigate, type RouteObject } from 'react-router';
import { SingleSearchPage } from '../features/search/index.ts';
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
import { AppLoading } from './layout/app-loading.tsx';
import { RouteError } from './layout/route-error.tsx';

// product-spec §2 "Route table and guards", top to bottom. Every screen but the single search
// (where `/` leads) loads when first opened (`lazy`: one chunk each), so the first page loads
// the layout and the single search only.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    hydrateFallbackElement: <AppLoading />,
    // A screen that fails to load or to draw shows why inside the layout, not a raw trace.
    errorElement: (
      <AppLayout>
        <RouteError />
      </AppLayout>
    ),
    children: [
      { index: true, element: <Navigate to="/search/single" replace /> },
      {
        element: <RequireActive />,
        children: [
          {
            path: 'search/single/:company_name?/:first_name?/:last_name?',
            element: <SingleSearchPage />,
          },
          {
            path: 'search/bulk',
            lazy: () =>
              import('../features/bulk/components/bulk-search-page.tsx').then((m) => ({
                Component: m.BulkSearchPage,
              })),
          },
          {
            path: 'verify',
            lazy: () =>
              import('../features/verify/components/verify-page.tsx').then((m) => ({
                Component: m.VerifyPage,
              })),
          },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            path: 'search/bulk/preview/:requestId',
            lazy: () =>
              import('./bulk-preview-screen.tsx').then((m) => ({ Component: m.BulkPreviewScreen })),
          },
        ],
      },
      {
        element: <RequireActive />,
        children: [
          {
            path: 'lead-finder',
            lazy: () =>
              import('../features/leads/components/lead-finder-page.tsx').then((m) => ({
                Component: m.LeadFinderPage,
              })),
          },
          {
            path: 'domain-search',
            lazy: () =>
              import('../features/domain-search/components/domain-search-page.tsx').then((m) => ({
                Component: m.DomainSearchPage,
              })),
          },
          {
            path: 'company-finder',
            lazy: () =>
              import('../features/companies/components/company-finder-page.tsx').then((m) => ({
                Component: m.CompanyFinderPage,
              })),
          },
        ],
      },
      {
        path: 'look-alike',
        element: <RequireLogin />,
        children: [
          {
            element: <RequirePaidPlan />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/lookalike/components/look-alike-page.tsx').then((m) => ({
                    Component: m.LookAlikePage,
                  })),
              },
              {
                path: 'preview/:requestId',
                lazy: () =>
                  import('../features/lookalike/components/look-alike-preview-page.tsx').then(
                    (m) => ({ Component: m.LookAlikePreviewPage }),
                  ),
              },
            ],
          },
          {
            path: 'restricted',
            lazy: () =>
              import('../features/lookalike/components/look-alike-restricted-page.tsx').then(
                (m) => ({ Component: m.LookAlikeRestrictedPage }),
              ),
          },
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
                  {
                    path: 'sender-list',
                    lazy: () =>
                      import('../features/mailboxes/components/sender-list-page.tsx').then((m) => ({
                        Component: m.SenderListPage,
                      })),
                  },
                  {
                    path: 'unibox',
                    lazy: () =>
                      import('../features/unibox/components/unibox-page.tsx').then((m) => ({
                        Component: m.UniboxPage,
                      })),
                  },
                  {
                    path: 'analytics',
                    lazy: () =>
                      import('../features/analytics/components/analytics-page.tsx').then((m) => ({
                        Component: m.AnalyticsPage,
                      })),
                  },
                  {
                    path: 'contacts',
                    children: [
                      {
                        index: true,
                        lazy: () =>
                          import('../features/contacts/components/contact-lists-page.tsx').then(
                            (m) => ({ Component: m.ContactListsPage }),
                          ),
                      },
                      {
                        path: 'name',
                        lazy: () =>
                          import('../features/contacts/components/list-name-page.tsx').then(
                            (m) => ({ Component: m.ListNamePage }),
                          ),
                      },
                      {
                        path: 'contacts-source',
                        lazy: () =>
                          import('../features/contacts/components/contacts-source-page.tsx').then(
                            (m) => ({ Component: m.ContactsSourcePage }),
                          ),
                      },
                      {
                        path: 'details/:requestId',
                        lazy: () =>
                          import(
                            '../features/contacts/components/contact-list-details-page.tsx'
                          ).then((m) => ({ Component: m.ContactListDetailsPage })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'company/:name',
        lazy: () =>
          import('../features/companies/components/company-page.tsx').then((m) => ({
            Component: m.CompanyPage,
          })),
      },
      {
        path: 'campaigns',
        element: <RequireLogin />,
        children: [
          {
            element: <RequireMail />,
            children: [
              {
                element: <RequireActive />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/campaigns/components/campaigns-page.tsx').then((m) => ({
                        Component: m.CampaignsPage,
                      })),
                  },
                  {
                    path: 'campaign-name',
                    lazy: () =>
                      import('../features/campaigns/components/campaign-name-page.tsx').then(
                        (m) => ({
                          Component: m.CampaignNamePage,
                        }),
                      ),
                  },
                  {
                    path: 'campaign-configuration/:campaignId',
                    lazy: () =>
                      import(
                        '../features/campaigns/components/campaign-configuration-layout.tsx'
                      ).then((m) => ({ Component: m.CampaignConfigurationLayout })),
                    children: [
                      { index: true, element: <Navigate to="contacts" replace /> },
                      {
                        path: 'schedule',
                        lazy: () =>
                          import('../features/campaigns/components/schedule-step.tsx').then(
                            (m) => ({
                              Component: m.ScheduleStep,
                            }),
                          ),
                      },
                      {
                        path: 'sequences',
                        lazy: () =>
                          import('../features/campaigns/components/sequences-step.tsx').then(
                            (m) => ({
                              Component: m.SequencesStep,
                            }),
                          ),
                      },
                      {
                        path: 'analytics',
                        lazy: () =>
                          import(
                            '../features/analytics/components/campaign-analytics-tab.tsx'
                          ).then((m) => ({ Component: m.CampaignAnalyticsTab })),
                      },
                      {
                        path: 'settings',
                        lazy: () =>
                          import('../features/campaigns/components/settings-step.tsx').then(
                            (m) => ({
                              Component: m.SettingsStep,
                            }),
                          ),
                      },
                      {
                        path: 'contacts',
                        children: [
                          {
                            index: true,
                            lazy: () =>
                              import('../features/contacts/components/contact-lists-page.tsx').then(
                                (m) => ({ Component: m.ContactListsPage }),
                              ),
                          },
                          {
                            path: 'name',
                            lazy: () =>
                              import('../features/contacts/components/list-name-page.tsx').then(
                                (m) => ({ Component: m.ListNamePage }),
                              ),
                          },
                          {
                            path: 'contacts-source',
                            lazy: () =>
                              import(
                                '../features/contacts/components/contacts-source-page.tsx'
                              ).then((m) => ({ Component: m.ContactsSourcePage })),
                          },
                        ],
                      },
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
                lazy: () =>
                  import('../features/settings/components/settings-layout.tsx').then((m) => ({
                    Component: m.SettingsLayout,
                  })),
                children: [
                  { index: true, element: <Navigate to="account" replace /> },
                  {
                    path: 'account',
                    lazy: () =>
                      import('../features/settings/components/account-settings-page.tsx').then(
                        (m) => ({ Component: m.AccountSettingsPage }),
                      ),
                  },
                  {
                    path: 'billing',
                    lazy: () =>
                      import('../features/billing/components/billing-page.tsx').then((m) => ({
                        Component: m.BillingPage,
                      })),
                  },
                  {
                    path: 'password',
                    lazy: () =>
                      import('../features/settings/components/password-settings-page.tsx').then(
                        (m) => ({ Component: m.PasswordSettingsPage }),
                      ),
                  },
                  {
                    path: 'delete',
                    lazy: () =>
                      import('../features/settings/components/delete-account-page.tsx').then(
                        (m) => ({ Component: m.DeleteAccountPage }),
                      ),
                  },
                  {
                    path: 'invoices',
                    lazy: () =>
                      import('../features/billing/components/invoices-page.tsx').then((m) => ({
                        Component: m.InvoicesPage,
                      })),
                  },
                  {
                    path: 'api',
                    lazy: () =>
                      import('../features/settings/components/api-settings-page.tsx').then((m) => ({
                        Component: m.ApiSettingsPage,
                      })),
                  },
                  {
                    path: 'webhooks',
                    lazy: () =>
                      import('../features/settings/components/webhooks-settings-page.tsx').then(
                        (m) => ({ Component: m.WebhooksSettingsPage }),
                      ),
                  },
                  {
                    path: 'suppression',
                    element: <RequireMail />,
                    children: [
                      {
                        index: true,
                        lazy: () =>
                          import('../features/suppression/components/suppression-page.tsx').then(
                            (m) => ({ Component: m.SuppressionPage }),
                          ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <AnonymousOnly />,
        children: [
          {
            path: 'signup',
            lazy: () =>
              import('../features/auth/components/sign-up-page.tsx').then((m) => ({
                Component: m.SignUpPage,
              })),
          },
          {
            path: 'auth/login',
            lazy: () =>
              import('../features/auth/components/login-page.tsx').then((m) => ({
                Component: m.LoginPage,
              })),
          },
        ],
      },
      {
        element: <AnonymousOnly />,
        children: [
          {
            path: 'auth/forgot-password',
            lazy: () =>
              import('../features/auth/components/forgot-password-page.tsx').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          {
            path: 'auth/reset-password',
            lazy: () =>
              import('../features/auth/components/reset-password-page.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
        ],
      },
      {
        element: <EmailVerificationAccess />,
        children: [
          {
            path: 'email-verification',
            lazy: () =>
              import('../features/auth/components/email-verification-page.tsx').then((m) => ({
                Component: m.EmailVerificationPage,
              })),
          },
        ],
      },
      {
        element: <RequireActive />,
        children: [
          {
            path: 'purchase',
            lazy: () =>
              import('../features/billing/components/purchase-page.tsx').then((m) => ({
                Component: m.PurchasePage,
              })),
          },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            path: 'checkout',
            lazy: () =>
              import('../features/billing/components/checkout-page.tsx').then((m) => ({
                Component: m.CheckoutPage,
              })),
          },
        ],
      },
      {
        path: 'checkout/return',
        lazy: () =>
          import('../features/billing/components/checkout-return-page.tsx').then((m) => ({
            Component: m.CheckoutReturnPage,
          })),
      },
      {
        element: <RequireUnsubParam />,
        children: [
          {
            path: 'survey/campaign-unsubscribe',
            lazy: () =>
              import('../features/survey/components/unsubscribe-survey-page.tsx').then((m) => ({
                Component: m.UnsubscribeSurveyPage,
              })),
          },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            path: 'one-time-credits-bonus',
            lazy: () =>
              import('../features/billing/components/bonus-page.tsx').then((m) => ({
                Component: m.BonusPage,
              })),
          },
        ],
      },
      {
        path: '404',
        lazy: () =>
          import('../features/not-found/not-found-page.tsx').then((m) => ({
            Component: m.NotFoundPage,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('../features/not-found/not-found-page.tsx').then((m) => ({
            Component: m.NotFoundPage,
          })),
      },
    ],
  },
];
