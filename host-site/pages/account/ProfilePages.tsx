import type { AccountProfile } from "../../../shared/contracts/index";

/* The client's notifications, profile and company data, and the employee's profile (issue 15). PLACEHOLDERS. */

export function NotificationsPage(_props: { profile: AccountProfile }) {
  return <p>Уведомления</p>;
}

export function ProfilePage(_props: { profile: AccountProfile }) {
  return <p>Данные профиля</p>;
}

export function CompanyPage(_props: { profile: AccountProfile }) {
  return <p>Данные компании</p>;
}

export function EmployeeProfilePage(_props: { profile: AccountProfile }) {
  return <p>Профиль</p>;
}
