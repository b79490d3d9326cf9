import type { RulesText } from './rules-text';

export const rules: RulesText = {
  title: 'Pravidla turnaje v CS 1 na 1',
  intro:
    'Jeden na jednoho v Counter-Strike 2 pro osm členů komunity. Přečtěte si pravidla před svým prvním zápasem: účastí v turnaji je přijímáte. Pokud se překlad liší od anglického textu, platí anglický text.',
  mapPool: 'Mapy turnaje',
  sections: [
    {
      heading: 'Formát',
      points: [
        'Osm hráčů, vyřazovací systém: 1. kolo (čtyři zápasy), 2. kolo (dva zápasy) a finále. Kdo prohraje zápas, z turnaje vypadává.',
        'Dvojice 1. kola se losují náhodně na kartě Rondom. Vítězové postupují v turnajové tabulce do dalšího kola.',
        'Každý zápas se hraje na dvě vítězné mapy (best of three): kdo první vyhraje dvě mapy, vyhrává zápas. Skóre v turnajové tabulce udává počet vyhraných map, například 2:1.',
        'Mapa se hraje do 9 vyhraných kol (nejvýše 16 kol, po 8. kole se mění strany). Za stavu 8:8 následuje prodloužení o 6 kolech, 3 na každé straně; mapu získá ten, kdo z nich první vyhraje 4, jinak se prodloužení opakuje.',
        'Datum a čas každého zápasu určují administrátoři v turnajové tabulce. Hráč, který nemůže hrát, požádá administrátora o nový termín nejméně 24 hodin předem.',
      ],
    },
    {
      heading: 'Průběh zápasu',
      points: [
        'Připojte se na server nejpozději 10 minut před začátkem; herní přezdívka musí odpovídat vašemu uživatelskému jménu na webu.',
        'Rozehrávka trvá nejvýše 5 minut; zápas začíná, jakmile jsou oba hráči připraveni nebo když ho spustí administrátor.',
        'Hráč, který není na serveru 15 minut po stanoveném čase, prohrává zápas kontumačně (2:0 pro soupeře), pokud administrátor zápas nepřesunul.',
        'Na každé mapě si každý hráč smí vzít jednu technickou pauzu v délce nejvýše 5 minut a jeden taktický time-out na 30 sekund, obojí jen během freezetime.',
        'Pokud se hráč odpojí, kolo se dohraje a hra pokračuje dalším kolem po jeho návratu. Kdo se nevrátí do 10 minut, tuto mapu prohrává.',
        'Po zápase pošlou oba hráči administrátorovi snímek obrazovky s konečnými výsledky každé mapy. Administrátor zapíše skóre a vítěze do turnajové tabulky.',
      ],
    },
    {
      heading: 'Výběr map',
      points: [
        'Všechny mapy se vybírají z výše uvedených map turnaje.',
        'Veto probíhá před zápasem; začíná hráč, který je v pavouku uveden výše. Horní banuje, dolní banuje, horní vybírá mapu 1, dolní vybírá mapu 2, horní banuje; zbývající mapa je mapa 3, rozhodující.',
        'Na vybrané mapě volí počáteční stranu soupeř. Na rozhodující mapě rozhoduje nožové kolo a jeho vítěz si volí stranu.',
        'Před začátkem zápasu zapíše administrátor tři mapy v pořadí hraní na kartě Match Details. Závazné je to, co ukazuje Match Details.',
        'Každá mapa se v zápase hraje nejvýše jednou.',
      ],
    },
    {
      heading: 'Chování',
      points: [
        'Respektujte soupeře, administrátory i diváky: žádné urážky, obtěžování ani diskriminace, v textovém chatu ani v hlasové komunikaci.',
        'Zakázány jsou cheaty, skripty, makra a zneužívání chyb map či hry, stejně jako ghosting, tedy sledování zápasu přes přenos nebo obrazovku soupeře. Prokázané porušení znamená diskvalifikaci.',
        'Na serveru jsou jen oba hráči a administrátoři. Diváci potřebují souhlas obou hráčů a přenos zpoždění nejméně 90 sekund.',
        'Každý zápas se hraje na vítězství. Domluvené výsledky a úmyslně prohraná kola či mapy vedou k diskvalifikaci obou zúčastněných hráčů.',
        'Povolena jsou nastavení, která umožňuje hra sama; programy třetích stran, které hru mění, a bindy provádějící víc než jednu akci na jedno stisknutí klávesy povoleny nejsou.',
      ],
    },
    {
      heading: 'Spory',
      points: [
        'Problém nahlaste ihned: během zápasu tak, že ho pozastavíte, nebo nejpozději 15 minut po jeho skončení zprávou administrátorovi, s důkazem (snímek obrazovky, demo nebo klip).',
        'Demo každého svého zápasu si uchovejte až do konce turnaje; administrátor si o něj může říct.',
        'Rozhodují administrátoři. Mohou nařídit opakování kola nebo mapy, udělit kontumaci nebo hráče diskvalifikovat; jejich rozhodnutí je pro tento turnaj konečné.',
        'Administrátor, který ve sporném zápase sám hraje, o něm nerozhoduje.',
        'Kde tato pravidla mlčí, rozhodují administrátoři v duchu fair play.',
      ],
    },
  ],
};
