-- The dashboard keeps no hourly figures per cabinet (docs/dashboard.md, "Upkeep"): nothing on the
-- dashboard read them (the ranking reads today's cabinet days), and they were a row per swap at a
-- large operator, written by every swap and by every rebuild. A change of the day zone counts the
-- cabinets' recent days from the swap and energy records instead.
DROP TABLE "dashboard_cabinet_hour";
