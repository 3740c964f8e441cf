/*
 * widgets/account-area — the account area at /admin (the spec's admin panel, "not shown"): its
 * frame, the sign-in, registration and recovery pages, the profile, company and notification pages
 * and a design order's messages. It has no custom element: the host site draws it
 * (host-site/pages/account/). The folder's one public face (widgets/README.md, "Faces").
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./account-area.css";
import "./auth-pages.css";
import "./profile-pages.css";
export { AccountArea } from "./AccountArea";
export type { AccountPageRenderer } from "./AccountArea";
export { accountPageShown, accountTitle } from "./account-pages";
export { ConfirmEmailPage, EmailConfirmationNotice, LoginPage, PasswordRecoveryPage, PasswordResetPage, RegistrationPage } from "./AuthPages";
export { DesignMessages } from "./DesignMessages";
export { LayoutDesignsPage } from "./LayoutDesignsPage";
export { CompanyPage, EmployeeProfilePage, NotificationsPage, ProfilePage } from "./ProfilePages";
