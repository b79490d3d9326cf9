-- SPEC §2: the tournament's map pool, named in the rules; admins may add and delete maps later.
INSERT INTO "maps" ("name", "description") VALUES
	('Brewery', 'A Belgian brewery: copper vats, narrow cellars and a long courtyard sightline.'),
	('Dogtown', 'A sun-bleached Californian town of back yards, rooftops and tight alleys.'),
	('Overpass', 'A German canal park under a motorway bridge, fought over at short and long range.'),
	('Vertigo', 'A skyscraper under construction: two floors of scaffolding high above the city.'),
	('Nuke', 'A nuclear plant with stacked bombsites; sound and timing decide every round.'),
	('Inferno', 'An Italian village of narrow streets, arches and the famous banana.')
ON CONFLICT DO NOTHING;
