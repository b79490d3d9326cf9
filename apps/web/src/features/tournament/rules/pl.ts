import type { RulesText } from './rules-text';

export const rules: RulesText = {
  title: 'Regulamin turnieju CS 1 na 1',
  intro:
    'Jeden na jednego w Counter-Strike 2, dla ośmiu członków społeczności. Przeczytaj regulamin przed pierwszym meczem: biorąc udział w turnieju, akceptujesz go. Jeśli tłumaczenie różni się od tekstu angielskiego, obowiązuje tekst angielski.',
  mapPool: 'Pula map',
  sections: [
    {
      heading: 'Format',
      points: [
        'Ośmiu graczy, system pucharowy: runda 1 (cztery mecze), runda 2 (dwa mecze) i finał. Przegrany mecz oznacza odpadnięcie z turnieju.',
        'Pary pierwszej rundy są losowane w zakładce Rondom. Zwycięzcy przechodzą do następnej rundy w tabeli turniejowej.',
        'Każdy mecz rozgrywany jest do dwóch wygranych map (best of three): kto pierwszy wygra dwie mapy, wygrywa mecz. Wynik w tabeli turniejowej to liczba wygranych map, na przykład 2:1.',
        'Mapa toczy się do 9 wygranych rund (najwyżej 16 rund, zmiana stron po 8.). Przy stanie 8:8 rozgrywa się dogrywkę z 6 rund, po 3 na każdej stronie; mapę wygrywa ten, kto pierwszy zdobędzie 4 z nich, w przeciwnym razie dogrywka się powtarza.',
        'Datę i godzinę każdego meczu ustalają administratorzy w tabeli turniejowej. Gracz, który nie może zagrać, prosi administratora o nowy termin co najmniej 24 godziny wcześniej.',
      ],
    },
    {
      heading: 'Przebieg meczu',
      points: [
        'Wejdź na serwer najpóźniej 10 minut przed startem; nick w grze to Twoja nazwa użytkownika na stronie.',
        'Rozgrzewka trwa do 5 minut; mecz zaczyna się, gdy obaj gracze są gotowi albo gdy uruchomi go administrator.',
        'Gracz, którego nie ma na serwerze 15 minut po wyznaczonej godzinie, przegrywa mecz walkowerem (2:0 dla przeciwnika), chyba że administrator przełożył mecz.',
        'Na każdej mapie każdy gracz może wziąć jedną pauzę techniczną do 5 minut i jeden taktyczny time-out trwający 30 sekund, oba wyłącznie w czasie freezetime.',
        'Jeśli gracz straci połączenie, runda jest dogrywana do końca, a gra toczy się dalej od następnej rundy po jego powrocie. Kto nie wróci w ciągu 10 minut, przegrywa tę mapę.',
        'Po meczu obaj gracze wysyłają administratorowi zrzut ekranu końcowej tabeli wyników każdej mapy. Administrator wpisuje wynik i zwycięzcę do tabeli turniejowej.',
      ],
    },
    {
      heading: 'Wybór map',
      points: [
        'Wszystkie mapy wybiera się z puli map podanej powyżej.',
        'Weto odbywa się przed meczem; zaczyna gracz zapisany w drabince wyżej. Górny banuje, dolny banuje, górny wybiera mapę 1, dolny wybiera mapę 2, górny banuje; pozostała mapa jest mapą 3, decydującą.',
        'Na wybranej mapie stronę startową wybiera przeciwnik. Na mapie decydującej rozstrzyga runda na noże, a jej zwycięzca wybiera stronę.',
        'Przed rozpoczęciem meczu administrator wpisuje trzy mapy w kolejności gry w zakładce Match Details. Wiążące jest to, co pokazuje Match Details.',
        'Każdą mapę rozgrywa się w meczu najwyżej raz.',
      ],
    },
    {
      heading: 'Zachowanie',
      points: [
        'Szanuj przeciwnika, administratorów i widzów: żadnych obelg, nękania ani dyskryminacji, ani na czacie, ani na głosowym.',
        'Zabronione są cheaty, skrypty, makra i wykorzystywanie błędów map lub gry, a także ghosting, czyli śledzenie meczu na transmisji lub na ekranie przeciwnika. Udowodnione naruszenie oznacza dyskwalifikację.',
        'Na serwerze przebywają tylko dwaj gracze i administratorzy. Widzowie potrzebują zgody obu graczy, a transmisja opóźnienia co najmniej 90 sekund.',
        'Każdy mecz gra się o zwycięstwo. Ustawione wyniki oraz celowo przegrane rundy lub mapy prowadzą do dyskwalifikacji obu zamieszanych graczy.',
        'Dozwolone są ustawienia, na które pozwala sama gra; programy zewnętrzne zmieniające grę oraz bindy wykonujące więcej niż jedną akcję na jedno naciśnięcie klawisza są zabronione.',
      ],
    },
    {
      heading: 'Spory',
      points: [
        'Zgłoś problem od razu: w trakcie meczu, pauzując go, albo najpóźniej 15 minut po jego zakończeniu, wiadomością do administratora, z dowodem (zrzut ekranu, demo lub klip).',
        'Zachowaj demo każdego swojego meczu do końca turnieju; administrator może o nie poprosić.',
        'Rozstrzygają administratorzy. Mogą zarządzić powtórkę rundy lub mapy, przyznać walkower albo zdyskwalifikować gracza; ich decyzja jest ostateczna w tym turnieju.',
        'Administrator, który gra w spornym meczu, nie bierze udziału w jego rozstrzyganiu.',
        'W sprawach, których regulamin nie obejmuje, administratorzy decydują w duchu fair play.',
      ],
    },
  ],
};
