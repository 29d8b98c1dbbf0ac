import { Outlet } from "react-router";

/** Dashboard frame: navigation bar from the server (placeholder). */
export default function DashboardLayout() {
  return <Outlet />;
}
