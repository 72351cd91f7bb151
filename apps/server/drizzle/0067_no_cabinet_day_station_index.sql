-- No query looks a cabinet's day up by its station (docs/dashboard.md, "Upkeep"): the ranking reads
-- a day's rows through the day and merchant ranking indexes, the upserts through the key, a rebuild
-- or a zone change empties the table whole. Every cabinet-day write paid for this index.
DROP INDEX "dashboard_cabinet_day_station_idx";
