--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: checkpoint; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoint (
    game_id integer NOT NULL,
    seq integer NOT NULL,
    count integer NOT NULL,
    state text NOT NULL
);


--
-- Name: game; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game (
    id integer NOT NULL,
    guild_id character varying,
    channel_id character varying NOT NULL,
    game character varying NOT NULL,
    options text NOT NULL,
    seed bigint NOT NULL,
    seed_hex text,
    status character varying NOT NULL,
    created_by character varying NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    version integer NOT NULL,
    state text,
    public_state text,
    result text
);


--
-- Name: game_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.game_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: game_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.game_id_seq OWNED BY public.game.id;


--
-- Name: reminder; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reminder (
    game_id integer NOT NULL,
    mode character varying NOT NULL,
    idle_minutes integer NOT NULL,
    sent_version integer NOT NULL,
    sent_count integer NOT NULL
);


--
-- Name: seat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat (
    id integer NOT NULL,
    game_id integer NOT NULL,
    "position" integer NOT NULL,
    role character varying,
    user_id character varying,
    name character varying NOT NULL,
    is_bot boolean NOT NULL,
    held_by text
);


--
-- Name: seat_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.seat_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: seat_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.seat_id_seq OWNED BY public.seat.id;


--
-- Name: step; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.step (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seq integer NOT NULL,
    role character varying NOT NULL,
    user_id character varying,
    action character varying NOT NULL,
    arg text,
    created_at timestamp with time zone NOT NULL,
    undone boolean NOT NULL
);


--
-- Name: step_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.step_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: step_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.step_id_seq OWNED BY public.step.id;


--
-- Name: undorequest; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.undorequest (
    id integer NOT NULL,
    game_id integer NOT NULL,
    version integer NOT NULL,
    requester character varying NOT NULL,
    agreed character varying NOT NULL,
    refused_by character varying,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: undorequest_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.undorequest_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: undorequest_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.undorequest_id_seq OWNED BY public.undorequest.id;


--
-- Name: game id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game ALTER COLUMN id SET DEFAULT nextval('public.game_id_seq'::regclass);


--
-- Name: seat id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat ALTER COLUMN id SET DEFAULT nextval('public.seat_id_seq'::regclass);


--
-- Name: step id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.step ALTER COLUMN id SET DEFAULT nextval('public.step_id_seq'::regclass);


--
-- Name: undorequest id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.undorequest ALTER COLUMN id SET DEFAULT nextval('public.undorequest_id_seq'::regclass);


--
-- Data for Name: checkpoint; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.checkpoint VALUES (1, 9, 9, '{"game": "goat_tiger", "options": {"goats": 15, "threefold_draw": true}, "rng": 11, "board": "...T.T.G..T.G......G...", "to_move": "goats", "in_hand": 12, "captured": 0, "selected": null, "moves": 6, "positions": ["T..TT..................g15", "T..TT..G...............t14", "T..T.T.G...............g14", "T..T.T.G....G..........t13", "...TTT.G....G..........g13", "...TTT.G....G......G...t12", "...T.T.G..T.G......G...g12"], "last": {"role": "tigers", "from": "b4", "to": "c4", "over": null}, "log": ["Goats (15) against three Tigers. Goats to place.", "Goats place on c1.", "Tigers move b4 \u2192 b5.", "Goats place on c6.", "Tigers move a \u2192 b4.", "Goats place on e2.", "Tigers move b4 \u2192 c4."], "result": null}');
INSERT INTO public.checkpoint VALUES (2, 59, 59, '{"game": "vijayanagara", "options": {"deck": "darbar", "timurs_shadow": false}, "rng": 4840042183113174474, "spaces": {"delhi": {"troop": 9, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "passes": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "punjab": {"troop": 4, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "sindh": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "rajput": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "gujarat": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 1, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "malwa": {"troop": 3, "governor": 1, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "jaunpur": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "madhyadesh": {"troop": 3, "governor": 0, "qasbah": 0, "amir_o": 2, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "gondwana": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 1, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "orissa": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "maharashtra": {"troop": 0, "governor": 1, "qasbah": 0, "amir_o": 4, "amir_r": 0, "fort": 0, "raja_o": 2, "raja_r": 0, "temple": 0, "invader": 0}, "andhra": {"troop": 1, "governor": 0, "qasbah": 1, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 1, "raja_r": 0, "temple": 0, "invader": 0}, "karnataka": {"troop": 0, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 2, "raja_r": 0, "temple": 0, "invader": 0}, "tamilakam": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 1, "raja_r": 0, "temple": 0, "invader": 0}}, "tributary": {"sindh": true, "rajput": true, "gujarat": true, "malwa": true, "jaunpur": true, "madhyadesh": true, "gondwana": true, "orissa": true, "maharashtra": true, "andhra": true, "karnataka": true, "tamilakam": true}, "control": {"sindh": null, "rajput": null, "gujarat": null, "malwa": null, "jaunpur": null, "madhyadesh": null, "gondwana": null, "orissa": null, "maharashtra": null, "andhra": null, "karnataka": null, "tamilakam": null}, "avail": {"troop": 0, "governor": 3, "qasbah": 4, "amir": 6, "fort": 5, "raja": 10, "temple": 5, "invader": 12}, "track": {"bahmani": {"2": 2, "4": 2}, "vijayanagara": {"1": 0, "2": 2, "3": 2, "4": 2}}, "influence": {"bahmani": 0, "vijayanagara": 1}, "resources": {"delhi": 1, "bahmani": 6, "vijayanagara": 10}, "cavalry": {"delhi": 2, "bahmani": 0, "vijayanagara": 0, "pool": 8}, "dynasty": "khalji", "eligible": {"delhi": true, "bahmani": true, "vijayanagara": true}, "turn": {"acted": ["delhi", "vijayanagara"], "cd": null, "ec": null, "stay": [], "choices": {"delhi": "limited", "vijayanagara": "limited"}}, "deck": ["m7", "m3", "e17", "e2", "e23", "s1", "m8", "e21", "e19", "e6", "e14", "e29", "e12", "m1", "s2", "e20", "m6", "m2", "e27", "e18", "e30", "e36", "e10", "s3", "e24", "e16", "e4", "t1", "t2", "e34", "e33", "e9"], "out": ["e1", "e35", "e25", "e32", "e26", "e8", "e31", "e15", "e13", "e7", "e3", "e28", "m4", "m5"], "current": "e5", "played": ["e22", "e11"], "timur_drawn": false, "timur_bonus": 0, "stack": [{"t": "sop", "role": null}, {"t": "choose", "role": "bahmani", "phase": "pick", "choice": null}], "move": 6, "turn_ended": false, "touched": [], "last_touched": [], "log": ["Vijayanagara: the Khalji Dynasty rules in Delhi. All provinces are Tributary.", "Card 22: Canals of Firuz Shah (order Delhi, Bahmani, Vijayanagara, Stay Eligible).", "Delhi: Conscript.", "Conscript in Sindh: 1 Troop placed.", "Conscript in Madhyadesh: 1 Troop placed.", "Conscript in Gujarat: 1 Troop placed.", "Delhi give nothing after all.", "Conscript in Gondwana: 1 Troop placed.", "Conscript in Orissa: 1 Troop placed.", "Delhi give nothing after all.", "Conscript in Delhi: 5 Troops placed.", "Delhi: Decree Campaign.", "Bahmani give nothing after all.", "Bahmani give nothing after all.", "Bahmani: Attack.", "Vijayanagara pass (+1 Resources).", "Eligibility: Delhi, Bahmani Ineligible next card.", "Card 11: Famine in the Doab (order Delhi, Vijayanagara, Bahmani).", "Vijayanagara give nothing after all.", "Vijayanagara: Limited Migrate.", "1 Obedient Raja move Karnataka \u2192 Maharashtra.", "1 Obedient Raja move Andhra \u2192 Maharashtra.", "Vijayanagara shift Influence in Maharashtra: Vijayanagara +1, Bahmani +0.", "Eligibility: everyone Eligible next card.", "Card 5: Battle of Amroha (order Delhi, Vijayanagara, Bahmani, Stay Eligible).", "Delhi: Limited Govern.", "Delhi give nothing after all.", "Govern in Maharashtra: a Governor placed.", "Delhi give 4 Resources to Vijayanagara.", "Delhi give nothing after all.", "Vijayanagara: Limited Attack."], "result": null}');
INSERT INTO public.checkpoint VALUES (3, 10, 10, '{"game": "taj_mahal", "options": {"players": 3}, "rng": 3026716864276998629, "roles": ["red", "blue", "green"], "order": ["thatta", "ajmer", "awadh", "malwa", "gujarat", "lahore", "kabul", "multan", "delhi", "allahabad", "kashmir", "agra"], "bonus": {"kabul1": "card", "kashmir1": "points2", "lahore1": "rice", "lahore3": "points2", "multan1": "jewels", "ajmer1": "points2", "ajmer3": "tea", "delhi1": "card", "delhi3": "points2", "gujarat1": "spices", "malwa1": "spices", "malwa3": "tea", "awadh1": "rice", "allahabad1": "jewels", "agra": "taj"}, "deck": ["v70", "y23", "w87", "y32", "v80", "w86", "y37", "g44", "r05", "w93", "v64", "g49", "g57", "r06", "v75", "y33", "v77", "y36", "y34", "w89", "r07", "y26", "y24", "r13", "y29", "y31", "y27", "g48", "v71", "r00", "v78", "w90", "r15", "g56", "w92", "w94", "y22", "y40", "g46", "g50", "v81", "v66", "r20", "v76", "r12", "r10", "v73", "v82", "v83", "g45", "g42", "v68", "y35", "y41", "g60", "w84", "r18", "g58", "r01", "r03", "y38", "r19", "g61", "r11", "g52", "g53", "v65", "g51", "w91", "y21", "v63", "g54"], "discard": ["r04", "w88", "g47"], "supply": ["v79", "y30", "v74"], "hands": {"red": ["w95", "g55", "r16", "w85", "g62", "y28"], "blue": ["v72", "v69", "y25", "r02", "r08"], "green": ["g59", "r17", "y39", "r14", "g43", "r09"]}, "specials": {"sp_elephant": null, "sp_grand_mogul": null, "sp_points2": null, "sp_colour_change": null}, "palaces": {"thatta1": ["red"]}, "players": {"red": {"score": 1, "influence": {"vizier": 0, "general": 1, "monk": 0, "princess": 0}, "goods": [], "tiles": [], "played": [], "colour": "green", "out": true, "moved": true}, "blue": {"score": 0, "influence": {"vizier": 0, "general": 0, "monk": 0, "princess": 0}, "goods": [], "tiles": [], "played": ["v67"], "colour": "violet", "out": false, "moved": true}, "green": {"score": 1, "influence": {"vizier": 0, "general": 0, "monk": 0, "princess": 0}, "goods": ["tea"], "tiles": [1], "played": [], "colour": "red", "out": true, "moved": true}}, "visit": 1, "start": 2, "court": {"vizier": true, "general": false, "monk": true, "princess": true, "crown": true, "province": false}, "turn": {"who": "red", "stage": "supply", "places": 0, "crown": false, "picks": 2, "placed": [["thatta1", false]], "province": false}, "log": ["Visit 1: Thatta (tile 1). Green begins.", "Green plays `red-vizier-elephant`.", "Green plays `white-elephant`.", "Red plays `green-general-elephant`.", "Blue plays `violet-vizier-elephant`.", "Green withdraws and wins the province tile (most Elephants).", "Green scores 1 point for the province tile (tea).", "Green takes `green-mogul-elephant` from the supply.", "Green takes `red-monk-elephant` from the supply.", "Red withdraws and wins the General tile.", "Red places a palace on `thatta1`.", "Red takes the card bonus tile and draws a card from the deck.", "Red scores 1 point for palaces."], "result": null, "move": 4}');
INSERT INTO public.checkpoint VALUES (4, 19, 19, '{"game": "rajas", "revision": 2, "options": {"players": 3, "rules": "yucata", "ganga": false, "mango": false, "variant": "basic", "advanced": ""}, "rng": 3812040369151004276, "river": ["money_4", "karma_2", "dice_violet_per_karma", "fame_3", "dice_any_2", "money_1_per_market", "dice_blue_per_karma", "upgrade_1", "money_6", "dice_orange_per_karma", "fame_4", "market_assorted_3", "dice_green_per_karma", "fame_1_per_upgrade", "market_one_kind_4", "money_2_per_upgrade", "palace_any", "market_one_kind_5", "fame_2_per_karma"], "roles": ["red", "yellow", "white"], "start": 0, "supply": {"violet": 8, "blue": 6, "orange": 11, "green": 10}, "stacks": {"violet-snake": ["vs1", "vs4", "vs2", "vs6", "vs5"], "violet-cow": ["vc5", "vc2", "vc3", "vc4"], "violet-tiger": ["vt1", "vt4", "vt2", "vt5"], "blue-snake": ["bs6", "bs5", "bs2", "bs4", "bs1"], "blue-cow": ["bc4", "bc3", "bc1", "bc2"], "blue-tiger": ["bt2", "bt3", "bt1", "bt5"], "orange-snake": ["os1", "os3", "os5", "os4", "os2"], "orange-cow": ["oc3", "oc1", "oc4", "oc2"], "orange-tiger": ["ot5", "ot3", "ot4", "ot2"], "green-snake": ["gs5", "gs4", "gs2", "gs3", "gs6"], "green-cow": ["gc4", "gc1", "gc5", "gc3"], "green-tiger": ["gt2", "gt5", "gt3", "gt1"]}, "display": {"violet-snake": "vs3", "violet-cow": "vc1", "violet-tiger": "vt3", "blue-snake": "bs3", "blue-cow": "bc5", "blue-tiger": "bt4", "orange-snake": "os6", "orange-cow": "oc5", "orange-tiger": "ot1", "green-snake": "gs1", "green-cow": "gc2", "green-tiger": "gt4"}, "refill": [], "players": {"red": {"fame": 0, "money": 3, "karma": 3, "dice": [["violet", 4], ["orange", 3], ["green", 1], ["violet", 1], ["blue", 2], ["blue", 5]], "workers": 3, "placed": 3, "passed": false, "extra": [], "upgrades": {"temple": 0, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 0, "boat": 0, "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": false, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": [], "catchup": 0, "pending": []}, "yellow": {"fame": 0, "money": 4, "karma": 0, "dice": [["violet", 6], ["blue", 6], ["blue", 1], ["blue", 2]], "workers": 3, "placed": 2, "passed": false, "extra": [], "upgrades": {"temple": 0, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 0, "boat": 0, "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": false, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": [], "catchup": 0, "pending": []}, "white": {"fame": 0, "money": 10, "karma": 1, "dice": [["violet", 2], ["blue", 6], ["green", 6]], "workers": 3, "placed": 2, "passed": false, "extra": [], "upgrades": {"temple": 1, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 1, "boat": 0, "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": false, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": [], "catchup": 0, "pending": []}}, "used": {"yogi": ["red"], "swap-green": ["yellow"], "raja": ["white"], "dancer": ["red"], "harbor": ["yellow"], "two_money": ["white"], "terrace-blue": ["red"]}, "layout": {"quarry": [1, 2, 2, 3, 3, 4], "harbor": [0, 1, 2, 2, 2], "market": ["assorted", "assorted", "silk", "tea", "spices"], "terrace": ["violet", "blue", "orange", "green", "violet", "blue", "orange", "green"], "two_money": 1, "covered_3": {"quarry": 0, "harbor": 2}, "mango": 2}, "round": 1, "mogul": null, "crossed": [], "end": null, "queue": [], "turn": {"who": "yellow"}, "log": ["Round 1. Red starts; money Red 3, Yellow 4, White 5. Dice: Red violet 4, blue 3, orange 3, green 1; Yellow violet 6, blue 6, orange 3, green 2; White violet 1, blue 6, orange 4, green 6.", "Red sends a worker to the Yogi.", "Red gives up a blue 3.", "Red gains 2 karma (now 3).", "Red takes a violet die (rolled at the end of the turn).", "Red rolls: violet 2.", "Yellow sends a worker to the green exchange.", "Yellow gives up a green 2, turned with a karma to a 5.", "Yellow takes a blue die (rolled at the end of the turn).", "Yellow takes a blue die (rolled at the end of the turn).", "Yellow rolls: blue 1, blue 2.", "White sends a worker to Raja Man Singh.", "White gives up an orange 4.", "White gains 3 money (now 8).", "White upgrades their temples to 3 fame.", "Red sends a worker to the Dancer.", "Red gives up a violet 2.", "Red draws a white yield tile: 1 karma.", "Red''s karma stays at 3, the most.", "Red takes a violet die (rolled at the end of the turn).", "Red takes a blue die (rolled at the end of the turn).", "Red rolls: violet 1, blue 2.", "Yellow sends a worker to the harbor.", "Yellow gives up an orange 3.", "Yellow leaves their boat where it is.", "White sends a worker to the palace''s 2-money space.", "White gains 2 money (now 10).", "White rerolls a violet 1 and gets a 2.", "Red sends a worker to a blue terrace.", "Red takes a blue die (rolled at the end of the turn).", "Red rolls: blue 5."], "result": null, "move": 7, "white": ["upgrade_1", "money_3", "money_3", "die_any_1", "karma_1", "upgrade_1", "die_any_1"], "yield_display": {}}');
INSERT INTO public.checkpoint VALUES (5, 29, 29, '{"game": "maharaja", "options": {"players": 4, "length": "full"}, "rng": 14727398570297873654, "roles": ["yellow", "blue", "red", "green"], "control": {"mauryans": "yellow", "guptas": "yellow", "sinhalese": "yellow", "dutch": "yellow", "harappans": "blue", "muslims": "blue", "afghans": "blue", "marathas": "blue", "pandyas": "red", "greeks": "red", "rajputs": "red", "sikhs": "red", "british": "red", "cholas": "green", "mughals": "green", "portuguese": "green", "french": "green"}, "names": {"yellow": "Yellow", "blue": "Blue", "red": "Red", "green": "Green"}, "turn": 2, "order": ["harappans", "pandyas", "cholas", "mauryans"], "idx": 2, "nation": "cholas", "phase": "invasion", "round": 1, "rounds": 1, "armies": {"khandesh": {"pandyas": 2}, "malwa": {"pandyas": 1}, "baluchistan": {"harappans": 1}, "delhi": {"harappans": 1}, "gandhara": {"harappans": 1}, "gujarat": {"harappans": 1}, "kashmir": {"harappans": 1}, "lahore": {"harappans": 1}, "punjab": {"mauryans": 3}, "sind": {"harappans": 2}, "andhra": {"cholas": 1}, "gondwana": {"cholas": 1}}, "leaders": {}, "leaders_seen": [], "factories": {}, "arms": {}, "pop": {"harappans": 2, "pandyas": 2, "cholas": 0, "mauryans": 0}, "no_pop": [], "submitted": {}, "allies": [], "alliance_box": {}, "moved": {}, "came": {}, "sel": null, "fights": null, "battle": null, "queue": [{"do": "place", "nation": "cholas", "n": 1, "placed": [], "where": "own"}], "ask": null, "built": 0, "demolished": 0, "refused": [], "pool": {"harappans": 1, "mauryans": 24, "guptas": 27, "greeks": 6, "cholas": 10, "pandyas": 5, "sinhalese": 5, "rajputs": 12, "marathas": 12, "muslims": 22, "mughals": 22, "afghans": 6, "sikhs": 6, "british": 8, "french": 3, "dutch": 3, "portuguese": 3}, "skip": [], "vp": {"yellow": 0, "blue": 7, "red": 0, "green": 0}, "nation_vp": {"harappans": 7}, "titles": {"mauryans": null}, "dice": {"place": "sind", "att": "harappans", "def": "mauryans", "att_dice": [4, 4, 3], "def_dice": [5], "att_mod": 0, "def_mod": 0, "att_hits": 0, "def_hits": 1}, "log": ["**Turn 1** (1500 BC).", "The Harappans (Blue) play.", "The Pandyas (Red) play.", "The Cholas (Green) play.", "1 army of the Cholas moves from Gondwana to Andhra.", "1 army of the Cholas moves from Bundelkhand to Gondwana.", "The Mauryans (Yellow) play.", "The Mauryans make a major invasion: they move and fight twice.", "5 armies of the Mauryans arrive in Afghanistan.", "3 armies of the Mauryans move from Afghanistan to Punjab.", "2 armies of the Mauryans move from Afghanistan to Sind.", "Battle in Sind: the Mauryans (2) against the Harappans (1 army).", "Round 1 in Sind: the Mauryans roll 6 5, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Sind.", "Battle in Punjab: the Mauryans (3) against the Harappans (1 army).", "Round 1 in Punjab: the Mauryans roll 6 5 3, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Punjab.", "The major invasion of the Mauryans moves again.", "**Turn 2** (1000 BC).", "The Harappans (Blue) play.", "The Harappans place 2 new armies in Gujarat, Rajputana.", "2 armies of the Harappans move from Rajputana to Sind.", "1 army of the Harappans moves from Gujarat to Sind.", "Battle in Sind: the Harappans (3) against the Mauryans (1 army).", "Round 1 in Sind: the Harappans roll 4 4 3, 0 hits; the Mauryans roll 5, 1 hit.", "The Harappans fight on in Sind.", "1 army of the Mauryans falls back from Sind to Punjab.", "The Harappans score 7 VP for their objectives.", "The Pandyas (Red) play.", "The Pandyas place 1 new army in Khandesh.", "The Cholas (Green) play."], "move": 9, "result": null, "steps": 29, "revision": 2, "leader_moved": []}');
INSERT INTO public.checkpoint VALUES (5, 89, 89, '{"game": "maharaja", "options": {"players": 4, "length": "full"}, "rng": 13699396756335703454, "roles": ["yellow", "blue", "red", "green"], "control": {"mauryans": "yellow", "guptas": "yellow", "sinhalese": "yellow", "dutch": "yellow", "harappans": "blue", "muslims": "blue", "afghans": "blue", "marathas": "blue", "pandyas": "red", "greeks": "red", "rajputs": "red", "sikhs": "red", "british": "red", "cholas": "green", "mughals": "green", "portuguese": "green", "french": "green"}, "names": {"yellow": "Yellow", "blue": "Blue", "red": "Red", "green": "Green"}, "turn": 4, "order": ["harappans", "pandyas", "cholas", "mauryans", "sinhalese", "greeks"], "idx": 1, "nation": "pandyas", "phase": "movement", "round": 1, "rounds": 1, "armies": {"khandesh": {"pandyas": 3}, "malwa": {"pandyas": 1}, "delhi": {"harappans": 1}, "gandhara": {"harappans": 1}, "gujarat": {"harappans": 1}, "kashmir": {"harappans": 1}, "lahore": {"harappans": 1}, "sind": {"mauryans": 3}, "andhra": {"cholas": 1}, "golconda": {"cholas": 1}, "vijayanagar": {"cholas": 1}, "rajputana": {"harappans": 2}, "agra": {"mauryans": 2}, "maharashtra": {"harappans": 1}, "karnatak": {"cholas": 1}, "oudh": {"mauryans": 2}, "jaunpur": {"mauryans": 1}, "magadha": {"mauryans": 1}}, "leaders": {}, "leaders_seen": [], "factories": {}, "arms": {}, "pop": {"harappans": 5, "pandyas": 4, "cholas": 0, "mauryans": 2}, "no_pop": [], "submitted": {}, "allies": [], "alliance_box": {}, "moved": {}, "came": {}, "sel": null, "fights": null, "battle": null, "queue": [], "ask": null, "built": 0, "demolished": 0, "refused": [], "pool": {"harappans": 1, "mauryans": 18, "guptas": 27, "greeks": 6, "cholas": 8, "pandyas": 4, "sinhalese": 5, "rajputs": 12, "marathas": 12, "muslims": 22, "mughals": 22, "afghans": 6, "sikhs": 6, "british": 8, "french": 3, "dutch": 3, "portuguese": 3}, "skip": [], "vp": {"yellow": 9, "blue": 14, "red": 0, "green": 0}, "nation_vp": {"harappans": 14, "mauryans": 9}, "titles": {"mauryans": null}, "dice": {"place": "rajputana", "att": "harappans", "def": "mauryans", "att_dice": [1, 3, 2], "def_dice": [6], "att_mod": 0, "def_mod": 0, "att_hits": 0, "def_hits": 1}, "log": ["**Turn 1** (1500 BC).", "The Harappans (Blue) play.", "The Pandyas (Red) play.", "The Cholas (Green) play.", "1 army of the Cholas moves from Gondwana to Andhra.", "1 army of the Cholas moves from Bundelkhand to Gondwana.", "The Mauryans (Yellow) play.", "The Mauryans make a major invasion: they move and fight twice.", "5 armies of the Mauryans arrive in Afghanistan.", "3 armies of the Mauryans move from Afghanistan to Punjab.", "2 armies of the Mauryans move from Afghanistan to Sind.", "Battle in Sind: the Mauryans (2) against the Harappans (1 army).", "Round 1 in Sind: the Mauryans roll 6 5, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Sind.", "Battle in Punjab: the Mauryans (3) against the Harappans (1 army).", "Round 1 in Punjab: the Mauryans roll 6 5 3, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Punjab.", "The major invasion of the Mauryans moves again.", "**Turn 2** (1000 BC).", "The Harappans (Blue) play.", "The Harappans place 2 new armies in Gujarat, Rajputana.", "2 armies of the Harappans move from Rajputana to Sind.", "1 army of the Harappans moves from Gujarat to Sind.", "Battle in Sind: the Harappans (3) against the Mauryans (1 army).", "Round 1 in Sind: the Harappans roll 4 4 3, 0 hits; the Mauryans roll 5, 1 hit.", "The Harappans fight on in Sind.", "1 army of the Mauryans falls back from Sind to Punjab.", "The Harappans score 7 VP for their objectives.", "The Pandyas (Red) play.", "The Pandyas place 1 new army in Khandesh.", "The Cholas (Green) play.", "The Cholas place 1 new army in Gondwana.", "1 army of the Cholas moves from Gondwana to Golconda.", "1 army of the Cholas moves from Gondwana to Vijayanagar.", "The Mauryans (Yellow) play.", "4 armies of the Mauryans arrive in Afghanistan.", "3 armies of the Mauryans move from Afghanistan to Rajputana.", "2 armies of the Mauryans move from Punjab to Agra.", "1 army of the Mauryans moves from Afghanistan to Punjab.", "The Mauryans score 3 VP for their objectives.", "Overpopulation: the Mauryans lose 1 army.", "**Turn 3** (500 BC).", "The Harappans (Blue) play.", "The Harappans place 1 new army in Gujarat.", "1 army of the Harappans moves from Sind to Maharashtra.", "The Harappans score 7 VP for their objectives.", "The Pandyas (Red) play.", "The Pandyas place 1 new army in Khandesh.", "The Cholas (Green) play.", "The Cholas place 1 new army in Vijayanagar.", "1 army of the Cholas moves from Vijayanagar to Karnatak.", "The Mauryans (Yellow) play.", "The Mauryans place 1 new army in Rajputana.", "The Mauryans place 2 new armies in Agra, Punjab.", "2 armies of the Mauryans move from Rajputana to Oudh.", "1 army of the Mauryans moves from Agra to Jaunpur.", "1 army of the Mauryans moves from Agra to Magadha.", "2 armies of the Mauryans move from Punjab to Sind.", "1 army of the Mauryans moves from Punjab to Sind.", "Battle in Sind: the Mauryans (3) against the Harappans (1 army).", "Round 1 in Sind: the Mauryans roll 6 3 5, 1 hit; the Harappans roll 4, 0 hits.", "The Mauryans win in Sind.", "The Mauryans score 6 VP for their objectives.", "**Turn 4** (300 BC).", "The Harappans (Blue) play.", "The Harappans place 1 new army in Gujarat.", "2 armies of the Harappans move from Gujarat to Rajputana.", "1 army of the Harappans moves from Baluchistan to Rajputana.", "Battle in Rajputana: the Harappans (3) against the Mauryans (1 army).", "Round 1 in Rajputana: the Harappans roll 1 3 2, 0 hits; the Mauryans roll 6, 1 hit.", "The Harappans fight on in Rajputana.", "1 army of the Mauryans falls back from Rajputana to Agra.", "The Pandyas (Red) play."], "move": 18, "result": null, "steps": 89, "revision": 2, "leader_moved": []}');


--
-- Data for Name: game; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game VALUES (2, '1000', '2001', 'vijayanagara', '{}', 12, NULL, 'active', '101', '2026-11-26 01:51:20.882302+00', '2026-11-26 01:51:23.118621+00', 8, '{"game": "vijayanagara", "options": {"deck": "darbar", "timurs_shadow": false}, "rng": 4840042183113174474, "spaces": {"delhi": {"troop": 9, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "passes": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "punjab": {"troop": 4, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "sindh": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "rajput": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "gujarat": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 1, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "malwa": {"troop": 3, "governor": 1, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "jaunpur": {"troop": 2, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "madhyadesh": {"troop": 3, "governor": 0, "qasbah": 0, "amir_o": 2, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "gondwana": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 1, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "orissa": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 0, "raja_r": 0, "temple": 0, "invader": 0}, "maharashtra": {"troop": 0, "governor": 1, "qasbah": 0, "amir_o": 4, "amir_r": 0, "fort": 0, "raja_o": 2, "raja_r": 0, "temple": 0, "invader": 0}, "andhra": {"troop": 1, "governor": 0, "qasbah": 1, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 1, "raja_r": 0, "temple": 0, "invader": 0}, "karnataka": {"troop": 0, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 2, "raja_r": 0, "temple": 0, "invader": 0}, "tamilakam": {"troop": 1, "governor": 0, "qasbah": 0, "amir_o": 0, "amir_r": 0, "fort": 0, "raja_o": 1, "raja_r": 0, "temple": 0, "invader": 0}}, "tributary": {"sindh": true, "rajput": true, "gujarat": true, "malwa": true, "jaunpur": true, "madhyadesh": true, "gondwana": true, "orissa": true, "maharashtra": true, "andhra": true, "karnataka": true, "tamilakam": true}, "control": {"sindh": null, "rajput": null, "gujarat": null, "malwa": null, "jaunpur": null, "madhyadesh": null, "gondwana": null, "orissa": null, "maharashtra": null, "andhra": null, "karnataka": null, "tamilakam": null}, "avail": {"troop": 0, "governor": 3, "qasbah": 4, "amir": 6, "fort": 5, "raja": 10, "temple": 5, "invader": 12}, "track": {"bahmani": {"2": 2, "4": 2}, "vijayanagara": {"1": 0, "2": 2, "3": 2, "4": 2}}, "influence": {"bahmani": 0, "vijayanagara": 1}, "resources": {"delhi": 1, "bahmani": 6, "vijayanagara": 10}, "cavalry": {"delhi": 2, "bahmani": 0, "vijayanagara": 0, "pool": 8}, "dynasty": "khalji", "eligible": {"delhi": true, "bahmani": true, "vijayanagara": true}, "turn": {"acted": ["delhi", "vijayanagara"], "cd": null, "ec": null, "stay": [], "choices": {"delhi": "limited", "vijayanagara": "limited"}}, "deck": ["m7", "m3", "e17", "e2", "e23", "s1", "m8", "e21", "e19", "e6", "e14", "e29", "e12", "m1", "s2", "e20", "m6", "m2", "e27", "e18", "e30", "e36", "e10", "s3", "e24", "e16", "e4", "t1", "t2", "e34", "e33", "e9"], "out": ["e1", "e35", "e25", "e32", "e26", "e8", "e31", "e15", "e13", "e7", "e3", "e28", "m4", "m5"], "current": "e5", "played": ["e22", "e11"], "timur_drawn": false, "timur_bonus": 0, "stack": [{"t": "sop", "role": null}, {"t": "choose", "role": "bahmani", "phase": "pick", "choice": null}], "move": 6, "turn_ended": false, "touched": [], "last_touched": [], "log": ["Vijayanagara: the Khalji Dynasty rules in Delhi. All provinces are Tributary.", "Card 22: Canals of Firuz Shah (order Delhi, Bahmani, Vijayanagara, Stay Eligible).", "Delhi: Conscript.", "Conscript in Sindh: 1 Troop placed.", "Conscript in Madhyadesh: 1 Troop placed.", "Conscript in Gujarat: 1 Troop placed.", "Delhi give nothing after all.", "Conscript in Gondwana: 1 Troop placed.", "Conscript in Orissa: 1 Troop placed.", "Delhi give nothing after all.", "Conscript in Delhi: 5 Troops placed.", "Delhi: Decree Campaign.", "Bahmani give nothing after all.", "Bahmani give nothing after all.", "Bahmani: Attack.", "Vijayanagara pass (+1 Resources).", "Eligibility: Delhi, Bahmani Ineligible next card.", "Card 11: Famine in the Doab (order Delhi, Vijayanagara, Bahmani).", "Vijayanagara give nothing after all.", "Vijayanagara: Limited Migrate.", "1 Obedient Raja move Karnataka \u2192 Maharashtra.", "1 Obedient Raja move Andhra \u2192 Maharashtra.", "Vijayanagara shift Influence in Maharashtra: Vijayanagara +1, Bahmani +0.", "Eligibility: everyone Eligible next card.", "Card 5: Battle of Amroha (order Delhi, Vijayanagara, Bahmani, Stay Eligible).", "Delhi: Limited Govern.", "Delhi give nothing after all.", "Govern in Maharashtra: a Governor placed.", "Delhi give 4 Resources to Vijayanagara.", "Delhi give nothing after all.", "Vijayanagara: Limited Attack."], "result": null}', NULL, NULL);
INSERT INTO public.game VALUES (1, '1000', '2000', 'goat_tiger', '{}', 11, NULL, 'active', '101', '2026-11-26 01:51:18.524172+00', '2026-11-26 01:51:20.81749+00', 14, '{"game": "goat_tiger", "options": {"goats": 15, "threefold_draw": true}, "rng": 11, "board": "GG...T.G....G..T.T.G...", "to_move": "goats", "in_hand": 9, "captured": 1, "selected": null, "moves": 12, "positions": ["T..TT..................g15", "T..TT..G...............t14", "T..T.T.G...............g14", "T..T.T.G....G..........t13", "...TTT.G....G..........g13", "...TTT.G....G......G...t12", "...T.T.G..T.G......G...g12", "...T.T.G.GT.G......G...t11", ".....T.G..T.G..T...G...g11", "G....T.G..T.G..T...G...t10", "G....T.G....G..TT..G...g10", "GG...T.G....G..TT..G...t9", "GG...T.G....G..T.T.G...g9"], "last": {"role": "tigers", "from": "d4", "to": "d5", "over": null}, "log": ["Goats (15) against three Tigers. Goats to place.", "Goats place on c1.", "Tigers move b4 \u2192 b5.", "Goats place on c6.", "Tigers move a \u2192 b4.", "Goats place on e2.", "Tigers move b4 \u2192 c4.", "Goats place on c3.", "Tigers leap b3 \u2192 d3 over c3: goat captured (1 of 5).", "Goats place on a.", "Tigers move c4 \u2192 d4.", "Goats place on b1.", "Tigers move d4 \u2192 d5."], "result": null}', NULL, NULL);
INSERT INTO public.game VALUES (3, '1000', '2002', 'taj_mahal', '{"players": 3}', 13, NULL, 'active', '101', '2026-11-26 01:51:23.181495+00', '2026-11-26 01:51:24.900682+00', 12, '{"game": "taj_mahal", "options": {"players": 3}, "rng": 3026716864276998629, "roles": ["red", "blue", "green"], "order": ["thatta", "ajmer", "awadh", "malwa", "gujarat", "lahore", "kabul", "multan", "delhi", "allahabad", "kashmir", "agra"], "bonus": {"kabul1": "card", "kashmir1": "points2", "lahore1": "rice", "lahore3": "points2", "multan1": "jewels", "ajmer1": "points2", "ajmer3": "tea", "delhi1": "card", "delhi3": "points2", "gujarat1": "spices", "malwa1": "spices", "malwa3": "tea", "awadh1": "rice", "allahabad1": "jewels", "agra": "taj"}, "deck": ["v70", "y23", "w87", "y32", "v80", "w86", "y37", "g44", "r05", "w93", "v64", "g49", "g57", "r06", "v75", "y33", "v77", "y36", "y34", "w89", "r07", "y26", "y24", "r13", "y29", "y31", "y27", "g48", "v71", "r00", "v78", "w90", "r15", "g56", "w92", "w94", "y22", "y40", "g46", "g50", "v81", "v66", "r20", "v76", "r12", "r10", "v73", "v82", "v83", "g45", "g42", "v68", "y35", "y41", "g60", "w84", "r18", "g58", "r01", "r03", "y38", "r19", "g61", "r11", "g52", "g53", "v65"], "discard": ["r04", "w88", "g47", "v67"], "supply": ["g54", "v63", "y21", "w91", "g51"], "hands": {"red": ["w95", "g55", "w85", "g62", "y28", "y30", "v74"], "blue": ["v72", "v69", "y25", "r08", "v79"], "green": ["g59", "r17", "y39", "r14", "g43", "r09"]}, "specials": {"sp_elephant": null, "sp_grand_mogul": null, "sp_points2": null, "sp_colour_change": null}, "palaces": {"thatta1": ["red"], "thatta2": ["blue"]}, "players": {"red": {"score": 1, "influence": {"vizier": 0, "general": 1, "monk": 0, "princess": 0}, "goods": [], "tiles": [], "played": ["r16"], "colour": "red", "out": false, "moved": true}, "blue": {"score": 1, "influence": {"vizier": 1, "general": 0, "monk": 0, "princess": 0}, "goods": [], "tiles": [], "played": ["r02"], "colour": "red", "out": false, "moved": true}, "green": {"score": 1, "influence": {"vizier": 0, "general": 0, "monk": 0, "princess": 0}, "goods": ["tea"], "tiles": [1], "played": [], "colour": null, "out": false, "moved": false}}, "visit": 2, "start": 0, "court": {"vizier": true, "general": true, "monk": true, "princess": true, "crown": true, "province": true}, "turn": {"who": "green", "stage": "play", "places": 0, "crown": false, "picks": 0, "placed": []}, "log": ["Visit 1: Thatta (tile 1). Green begins.", "Green plays `red-vizier-elephant`.", "Green plays `white-elephant`.", "Red plays `green-general-elephant`.", "Blue plays `violet-vizier-elephant`.", "Green withdraws and wins the province tile (most Elephants).", "Green scores 1 point for the province tile (tea).", "Green takes `green-mogul-elephant` from the supply.", "Green takes `red-monk-elephant` from the supply.", "Red withdraws and wins the General tile.", "Red places a palace on `thatta1`.", "Red takes the card bonus tile and draws a card from the deck.", "Red scores 1 point for palaces.", "Red takes `yellow-monk-elephant` from the supply.", "Red takes `violet-princess-elephant` from the supply.", "Blue withdraws and wins the Vizier tile.", "Blue places a palace on `thatta2`.", "Blue scores 1 point for palaces.", "Blue takes `violet-vizier-mogul` from the supply.", "Visit 2: Ajmer (tile 2). Red begins.", "Red plays `red-vizier-general`.", "Blue plays `red-vizier-elephant`."], "result": null, "move": 8}', NULL, NULL);
INSERT INTO public.game VALUES (4, '1000', '2003', 'rajas', '{"players": 3}', 14, NULL, 'active', '101', '2026-11-26 01:51:24.954819+00', '2026-11-26 01:51:29.328722+00', 13, '{"game": "rajas", "revision": 2, "options": {"players": 3, "rules": "yucata", "ganga": false, "mango": false, "variant": "basic", "advanced": ""}, "rng": 5475382244638341853, "river": ["money_4", "karma_2", "dice_violet_per_karma", "fame_3", "dice_any_2", "money_1_per_market", "dice_blue_per_karma", "upgrade_1", "money_6", "dice_orange_per_karma", "fame_4", "market_assorted_3", "dice_green_per_karma", "fame_1_per_upgrade", "market_one_kind_4", "money_2_per_upgrade", "palace_any", "market_one_kind_5", "fame_2_per_karma"], "roles": ["red", "yellow", "white"], "start": 1, "supply": {"violet": 7, "blue": 6, "orange": 10, "green": 10}, "stacks": {"violet-snake": ["vs1", "vs4", "vs2", "vs6", "vs5"], "violet-cow": ["vc5", "vc2", "vc3", "vc4"], "violet-tiger": ["vt1", "vt4", "vt2", "vt5"], "blue-snake": ["bs6", "bs5", "bs2", "bs4", "bs1"], "blue-cow": ["bc4", "bc3", "bc1", "bc2"], "blue-tiger": ["bt2", "bt3", "bt1", "bt5"], "orange-snake": ["os1", "os3", "os5", "os4", "os2"], "orange-cow": ["oc3", "oc1", "oc4", "oc2"], "orange-tiger": ["ot5", "ot3", "ot4", "ot2"], "green-snake": ["gs5", "gs4", "gs2", "gs3", "gs6"], "green-cow": ["gc4", "gc1", "gc5"], "green-tiger": ["gt2", "gt5", "gt3", "gt1"]}, "display": {"violet-snake": "vs3", "violet-cow": "vc1", "violet-tiger": "vt3", "blue-snake": "bs3", "blue-cow": "bc5", "blue-tiger": "bt4", "orange-snake": "os6", "orange-cow": "oc5", "orange-tiger": "ot1", "green-snake": "gs1", "green-cow": "gc3", "green-tiger": "gt4"}, "refill": [], "players": {"red": {"fame": 0, "money": 3, "karma": 3, "dice": [["violet", 4], ["orange", 3], ["green", 1], ["violet", 1], ["blue", 5], ["blue", 2], ["orange", 3], ["green", 4]], "workers": 3, "placed": 1, "passed": false, "extra": [], "upgrades": {"temple": 0, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 0, "boat": 0, "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": false, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": [], "catchup": 0, "pending": []}, "yellow": {"fame": 2, "money": 4, "karma": 0, "dice": [["violet", 6], ["blue", 6], ["blue", 2], ["blue", 5]], "workers": 3, "placed": 1, "passed": false, "extra": [], "upgrades": {"temple": 0, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 0, "boat": 0, "bonus": 0, "fame_bonus": [], "cells": {}, "yields": [], "assorted": false, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": [], "catchup": 0, "pending": []}, "white": {"fame": 0, "money": 21, "karma": 1, "dice": [["violet", 2], ["blue", 6], ["violet", 4]], "workers": 4, "placed": 1, "passed": false, "extra": ["money20"], "upgrades": {"temple": 1, "palace": 0, "fort": 0, "mill": 0}, "upgrades_made": 1, "boat": 1, "bonus": 1, "fame_bonus": [], "cells": {"d1": {"tile": "gc2", "roads": ["N", "S", "W"]}}, "yields": ["d1N"], "assorted": true, "kali": 10, "max_extra": 2, "side": "basic", "yield_tiles": false, "slots": {}, "reached": ["d1N"], "catchup": 0, "pending": []}}, "used": {"mogul": ["yellow"], "market-assorted": ["white"], "dancer": ["red"]}, "layout": {"quarry": [1, 2, 2, 3, 3, 4], "harbor": [0, 1, 2, 2, 2], "market": ["assorted", "assorted", "silk", "tea", "spices"], "terrace": ["violet", "blue", "orange", "green", "violet", "blue", "orange", "green"], "two_money": 1, "covered_3": {"quarry": 0, "harbor": 2}, "mango": 2}, "round": 2, "mogul": "yellow", "crossed": [], "end": null, "queue": [], "turn": {"who": "yellow"}, "log": ["Round 1. Red starts; money Red 3, Yellow 4, White 5. Dice: Red violet 4, blue 3, orange 3, green 1; Yellow violet 6, blue 6, orange 3, green 2; White violet 1, blue 6, orange 4, green 6.", "Red sends a worker to the Yogi.", "Red gives up a blue 3.", "Red gains 2 karma (now 3).", "Red takes a violet die (rolled at the end of the turn).", "Red rolls: violet 2.", "Yellow sends a worker to the green exchange.", "Yellow gives up a green 2, turned with a karma to a 5.", "Yellow takes a blue die (rolled at the end of the turn).", "Yellow takes a blue die (rolled at the end of the turn).", "Yellow rolls: blue 1, blue 2.", "White sends a worker to Raja Man Singh.", "White gives up an orange 4.", "White gains 3 money (now 8).", "White upgrades their temples to 3 fame.", "Red sends a worker to the Dancer.", "Red gives up a violet 2.", "Red draws a white yield tile: 1 karma.", "Red''s karma stays at 3, the most.", "Red takes a violet die (rolled at the end of the turn).", "Red takes a blue die (rolled at the end of the turn).", "Red rolls: violet 1, blue 2.", "Yellow sends a worker to the harbor.", "Yellow gives up an orange 3.", "Yellow leaves their boat where it is.", "White sends a worker to the palace''s 2-money space.", "White gains 2 money (now 10).", "White rerolls a violet 1 and gets a 2.", "Red sends a worker to a blue terrace.", "Red takes a blue die (rolled at the end of the turn).", "Red rolls: blue 5.", "Yellow sends a worker to a blue terrace.", "Yellow takes a blue die (rolled at the end of the turn).", "Yellow rolls: blue 5.", "White sends a worker to the quarry, paying 1 money.", "White takes the green 5 (silk 2, tea 2).", "White gives up a green 6.", "White places it on d1.", "White gains 4 money (now 13).", "White reaches money 12: a boat move of one space.", "White earns a violet die from the yield at d1N.", "White moves their boat to river space 1.", "White gains 4 money (now 17).", "White takes a violet die (rolled at the end of the turn).", "White rolls: violet 4.", "Round 2. Yellow starts.", "Yellow sends a worker to the Great Mogul.", "Yellow gives up a blue 1.", "Yellow gains 2 fame (now 2).", "Yellow will start the next round.", "White sends a worker to the assorted goods market.", "White scores 2 assorted goods markets.", "White gains 4 money (now 21).", "White reaches money 20: a worker.", "White gains a worker (now 4).", "Red sends a worker to the Dancer.", "Red gives up a blue 2.", "Red draws a white yield tile: a die of your choice.", "Red takes a blue die (rolled at the end of the turn).", "Red takes an orange die (rolled at the end of the turn).", "Red takes a green die (rolled at the end of the turn).", "Red rolls: blue 2, orange 3, green 4."], "result": null, "move": 12, "white": ["upgrade_1", "money_3", "money_3", "die_any_1", "karma_1", "upgrade_1"], "yield_display": {}}', NULL, NULL);
INSERT INTO public.game VALUES (5, '1000', '2004', 'maharaja', '{"players": 4}', 15, NULL, 'active', '101', '2026-11-26 01:51:29.4186+00', '2026-11-26 01:51:30.875399+00', 16, '{"game": "maharaja", "options": {"players": 4, "length": "full"}, "rng": 13699396756335703454, "roles": ["yellow", "blue", "red", "green"], "control": {"mauryans": "yellow", "guptas": "yellow", "sinhalese": "yellow", "dutch": "yellow", "harappans": "blue", "muslims": "blue", "afghans": "blue", "marathas": "blue", "pandyas": "red", "greeks": "red", "rajputs": "red", "sikhs": "red", "british": "red", "cholas": "green", "mughals": "green", "portuguese": "green", "french": "green"}, "names": {"yellow": "Yellow", "blue": "Blue", "red": "Red", "green": "Green"}, "turn": 4, "order": ["harappans", "pandyas", "cholas", "mauryans", "sinhalese", "greeks"], "idx": 1, "nation": "pandyas", "phase": "movement", "round": 1, "rounds": 1, "armies": {"khandesh": {"pandyas": 3}, "malwa": {"pandyas": 1}, "delhi": {"harappans": 1}, "gandhara": {"harappans": 1}, "gujarat": {"harappans": 1}, "kashmir": {"harappans": 1}, "lahore": {"harappans": 1}, "sind": {"mauryans": 3}, "andhra": {"cholas": 1}, "golconda": {"cholas": 1}, "vijayanagar": {"cholas": 1}, "rajputana": {"harappans": 2}, "agra": {"mauryans": 2}, "maharashtra": {"harappans": 1}, "karnatak": {"cholas": 1}, "oudh": {"mauryans": 2}, "jaunpur": {"mauryans": 1}, "magadha": {"mauryans": 1}}, "leaders": {}, "leaders_seen": [], "factories": {}, "arms": {}, "pop": {"harappans": 5, "pandyas": 4, "cholas": 0, "mauryans": 2}, "no_pop": [], "submitted": {}, "allies": [], "alliance_box": {}, "moved": {}, "came": {}, "sel": null, "fights": null, "battle": null, "queue": [], "ask": null, "built": 0, "demolished": 0, "refused": [], "pool": {"harappans": 1, "mauryans": 18, "guptas": 27, "greeks": 6, "cholas": 8, "pandyas": 4, "sinhalese": 5, "rajputs": 12, "marathas": 12, "muslims": 22, "mughals": 22, "afghans": 6, "sikhs": 6, "british": 8, "french": 3, "dutch": 3, "portuguese": 3}, "skip": [], "vp": {"yellow": 9, "blue": 14, "red": 0, "green": 0}, "nation_vp": {"harappans": 14, "mauryans": 9}, "titles": {"mauryans": null}, "dice": {"place": "rajputana", "att": "harappans", "def": "mauryans", "att_dice": [1, 3, 2], "def_dice": [6], "att_mod": 0, "def_mod": 0, "att_hits": 0, "def_hits": 1}, "log": ["**Turn 1** (1500 BC).", "The Harappans (Blue) play.", "The Pandyas (Red) play.", "The Cholas (Green) play.", "1 army of the Cholas moves from Gondwana to Andhra.", "1 army of the Cholas moves from Bundelkhand to Gondwana.", "The Mauryans (Yellow) play.", "The Mauryans make a major invasion: they move and fight twice.", "5 armies of the Mauryans arrive in Afghanistan.", "3 armies of the Mauryans move from Afghanistan to Punjab.", "2 armies of the Mauryans move from Afghanistan to Sind.", "Battle in Sind: the Mauryans (2) against the Harappans (1 army).", "Round 1 in Sind: the Mauryans roll 6 5, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Sind.", "Battle in Punjab: the Mauryans (3) against the Harappans (1 army).", "Round 1 in Punjab: the Mauryans roll 6 5 3, 1 hit; the Harappans roll 6, 1 hit.", "The Mauryans win in Punjab.", "The major invasion of the Mauryans moves again.", "**Turn 2** (1000 BC).", "The Harappans (Blue) play.", "The Harappans place 2 new armies in Gujarat, Rajputana.", "2 armies of the Harappans move from Rajputana to Sind.", "1 army of the Harappans moves from Gujarat to Sind.", "Battle in Sind: the Harappans (3) against the Mauryans (1 army).", "Round 1 in Sind: the Harappans roll 4 4 3, 0 hits; the Mauryans roll 5, 1 hit.", "The Harappans fight on in Sind.", "1 army of the Mauryans falls back from Sind to Punjab.", "The Harappans score 7 VP for their objectives.", "The Pandyas (Red) play.", "The Pandyas place 1 new army in Khandesh.", "The Cholas (Green) play.", "The Cholas place 1 new army in Gondwana.", "1 army of the Cholas moves from Gondwana to Golconda.", "1 army of the Cholas moves from Gondwana to Vijayanagar.", "The Mauryans (Yellow) play.", "4 armies of the Mauryans arrive in Afghanistan.", "3 armies of the Mauryans move from Afghanistan to Rajputana.", "2 armies of the Mauryans move from Punjab to Agra.", "1 army of the Mauryans moves from Afghanistan to Punjab.", "The Mauryans score 3 VP for their objectives.", "Overpopulation: the Mauryans lose 1 army.", "**Turn 3** (500 BC).", "The Harappans (Blue) play.", "The Harappans place 1 new army in Gujarat.", "1 army of the Harappans moves from Sind to Maharashtra.", "The Harappans score 7 VP for their objectives.", "The Pandyas (Red) play.", "The Pandyas place 1 new army in Khandesh.", "The Cholas (Green) play.", "The Cholas place 1 new army in Vijayanagar.", "1 army of the Cholas moves from Vijayanagar to Karnatak.", "The Mauryans (Yellow) play.", "The Mauryans place 1 new army in Rajputana.", "The Mauryans place 2 new armies in Agra, Punjab.", "2 armies of the Mauryans move from Rajputana to Oudh.", "1 army of the Mauryans moves from Agra to Jaunpur.", "1 army of the Mauryans moves from Agra to Magadha.", "2 armies of the Mauryans move from Punjab to Sind.", "1 army of the Mauryans moves from Punjab to Sind.", "Battle in Sind: the Mauryans (3) against the Harappans (1 army).", "Round 1 in Sind: the Mauryans roll 6 3 5, 1 hit; the Harappans roll 4, 0 hits.", "The Mauryans win in Sind.", "The Mauryans score 6 VP for their objectives.", "**Turn 4** (300 BC).", "The Harappans (Blue) play.", "The Harappans place 1 new army in Gujarat.", "2 armies of the Harappans move from Gujarat to Rajputana.", "1 army of the Harappans moves from Baluchistan to Rajputana.", "Battle in Rajputana: the Harappans (3) against the Mauryans (1 army).", "Round 1 in Rajputana: the Harappans roll 1 3 2, 0 hits; the Mauryans roll 6, 1 hit.", "The Harappans fight on in Rajputana.", "1 army of the Mauryans falls back from Rajputana to Agra.", "The Pandyas (Red) play."], "move": 18, "result": null, "steps": 89, "revision": 2, "leader_moved": []}', NULL, NULL);
INSERT INTO public.game VALUES (6, '1000', '2005', 'goat_tiger', '{}', 16, NULL, 'finished', '101', '2026-11-26 01:51:31.013901+00', '2026-11-26 01:51:31.122766+00', 3, '{"game": "goat_tiger", "options": {"goats": 15, "threefold_draw": true}, "rng": 16, "board": "T..TT..................", "to_move": "goats", "in_hand": 15, "captured": 0, "selected": null, "moves": 0, "positions": ["T..TT..................g15"], "last": null, "log": ["Goats (15) against three Tigers. Goats to place."], "result": null}', NULL, '{"winners": ["tigers"], "scores": {"goats": 0, "tigers": 1}, "reason": "meera resigned.", "resigned": "102"}');
INSERT INTO public.game VALUES (7, '1000', '2010', 'goat_tiger', '{}', 0, '1bfe2817b0dcee75f8a64d8c0707be02ed4d6dee469ed14c09179394ddd02476', 'setup', '103', '2026-11-26 01:51:31.229748+00', '2026-11-26 01:51:31.229762+00', 0, NULL, NULL, NULL);


--
-- Data for Name: reminder; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reminder VALUES (1, 'dm', 360, -1, 0);


--
-- Data for Name: seat; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat VALUES (1, 1, 0, 'goats', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (2, 1, 1, 'tigers', '102', 'meera', false, NULL);
INSERT INTO public.seat VALUES (3, 2, 0, 'delhi', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (4, 2, 1, 'bahmani', '102', 'meera', false, NULL);
INSERT INTO public.seat VALUES (5, 2, 2, 'vijayanagara', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (6, 3, 0, 'blue', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (7, 3, 1, 'green', '102', 'meera', false, NULL);
INSERT INTO public.seat VALUES (8, 3, 2, 'red', '103', 'asha', false, NULL);
INSERT INTO public.seat VALUES (9, 4, 0, 'yellow', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (10, 4, 1, 'white', NULL, 'Computer', true, NULL);
INSERT INTO public.seat VALUES (11, 4, 2, 'red', NULL, 'Computer', true, NULL);
INSERT INTO public.seat VALUES (12, 5, 0, 'red', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (13, 5, 1, 'blue', NULL, 'Computer', true, NULL);
INSERT INTO public.seat VALUES (14, 5, 2, 'yellow', NULL, 'Computer', true, NULL);
INSERT INTO public.seat VALUES (15, 5, 3, 'green', NULL, 'Computer', true, NULL);
INSERT INTO public.seat VALUES (16, 6, 0, 'tigers', '101', 'ravi', false, NULL);
INSERT INTO public.seat VALUES (17, 6, 1, 'goats', '102', 'meera', false, NULL);
INSERT INTO public.seat VALUES (18, 7, 0, NULL, '103', 'asha', false, NULL);


--
-- Data for Name: step; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.step VALUES (1, 1, 1, 'goats', '101', 'place', '"c1"', '2026-11-26 01:51:20.10066+00', false);
INSERT INTO public.step VALUES (2, 1, 2, 'tigers', '102', 'select', '"b4"', '2026-11-26 01:51:20.20859+00', false);
INSERT INTO public.step VALUES (3, 1, 3, 'tigers', '102', 'to', '"b5"', '2026-11-26 01:51:20.20859+00', false);
INSERT INTO public.step VALUES (4, 1, 4, 'goats', '101', 'place', '"c6"', '2026-11-26 01:51:20.304184+00', false);
INSERT INTO public.step VALUES (5, 1, 5, 'tigers', '102', 'select', '"a"', '2026-11-26 01:51:20.362917+00', false);
INSERT INTO public.step VALUES (6, 1, 6, 'tigers', '102', 'to', '"b4"', '2026-11-26 01:51:20.362917+00', false);
INSERT INTO public.step VALUES (7, 1, 7, 'goats', '101', 'place', '"e2"', '2026-11-26 01:51:20.433583+00', false);
INSERT INTO public.step VALUES (8, 1, 8, 'tigers', '102', 'select', '"b4"', '2026-11-26 01:51:20.495656+00', false);
INSERT INTO public.step VALUES (9, 1, 9, 'tigers', '102', 'to', '"c4"', '2026-11-26 01:51:20.495656+00', false);
INSERT INTO public.step VALUES (10, 1, 10, 'goats', '101', 'place', '"c3"', '2026-11-26 01:51:20.558589+00', false);
INSERT INTO public.step VALUES (11, 1, 11, 'tigers', '102', 'select', '"b3"', '2026-11-26 01:51:20.601188+00', false);
INSERT INTO public.step VALUES (12, 1, 12, 'tigers', '102', 'to', '"d3"', '2026-11-26 01:51:20.601188+00', false);
INSERT INTO public.step VALUES (13, 1, 13, 'goats', '101', 'place', '"a"', '2026-11-26 01:51:20.662543+00', false);
INSERT INTO public.step VALUES (14, 1, 14, 'tigers', '102', 'select', '"c4"', '2026-11-26 01:51:20.713381+00', false);
INSERT INTO public.step VALUES (15, 1, 15, 'tigers', '102', 'to', '"d4"', '2026-11-26 01:51:20.713381+00', false);
INSERT INTO public.step VALUES (16, 1, 16, 'goats', '101', 'place', '"b1"', '2026-11-26 01:51:20.767408+00', false);
INSERT INTO public.step VALUES (17, 1, 17, 'tigers', '102', 'select', '"d4"', '2026-11-26 01:51:20.81749+00', false);
INSERT INTO public.step VALUES (18, 1, 18, 'tigers', '102', 'to', '"d5"', '2026-11-26 01:51:20.81749+00', false);
INSERT INTO public.step VALUES (19, 2, 1, 'delhi', '101', 'cmd', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (20, 2, 2, 'delhi', '101', 'conscript', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (21, 2, 3, 'delhi', '101', 'space', '"sindh"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (22, 2, 4, 'delhi', '101', 'space', '"madhyadesh"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (23, 2, 5, 'delhi', '101', 'space', '"gujarat"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (24, 2, 6, 'delhi', '101', 'give', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (25, 2, 7, 'delhi', '101', 'cancel', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (26, 2, 8, 'delhi', '101', 'space', '"gondwana"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (27, 2, 9, 'delhi', '101', 'space', '"orissa"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (28, 2, 10, 'delhi', '101', 'give', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (29, 2, 11, 'delhi', '101', 'to', '"bahmani"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (30, 2, 12, 'delhi', '101', 'cancel', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (31, 2, 13, 'delhi', '101', 'space', '"delhi"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (32, 2, 14, 'delhi', '101', 'done', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (33, 2, 15, 'delhi', '101', 'decree', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (34, 2, 16, 'delhi', '101', 'campaign', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (35, 2, 17, 'delhi', '101', 'space', '"orissa"', '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (36, 2, 18, 'delhi', '101', 'done', NULL, '2026-11-26 01:51:22.594642+00', false);
INSERT INTO public.step VALUES (37, 2, 19, 'bahmani', '102', 'give', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (38, 2, 20, 'bahmani', '102', 'to', '"vijayanagara"', '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (39, 2, 21, 'bahmani', '102', 'cancel', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (40, 2, 22, 'bahmani', '102', 'give', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (41, 2, 23, 'bahmani', '102', 'to', '"vijayanagara"', '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (42, 2, 24, 'bahmani', '102', 'what', '"resources"', '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (43, 2, 25, 'bahmani', '102', 'cancel', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (44, 2, 26, 'bahmani', '102', 'command', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (45, 2, 27, 'bahmani', '102', 'attack', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (46, 2, 28, 'bahmani', '102', 'done', NULL, '2026-11-26 01:51:22.69783+00', false);
INSERT INTO public.step VALUES (47, 2, 29, 'vijayanagara', '101', 'pass', NULL, '2026-11-26 01:51:22.777743+00', false);
INSERT INTO public.step VALUES (48, 2, 30, 'vijayanagara', '101', 'limited', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (49, 2, 31, 'vijayanagara', '101', 'give', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (50, 2, 32, 'vijayanagara', '101', 'cancel', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (51, 2, 33, 'vijayanagara', '101', 'migrate', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (52, 2, 34, 'vijayanagara', '101', 'space', '"maharashtra"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (53, 2, 35, 'vijayanagara', '101', 'from', '"karnataka"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (54, 2, 36, 'vijayanagara', '101', 'count', '"1"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (55, 2, 37, 'vijayanagara', '101', 'from', '"andhra"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (56, 2, 38, 'vijayanagara', '101', 'count', '"1"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (57, 2, 39, 'vijayanagara', '101', 'shift', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (58, 2, 40, 'vijayanagara', '101', 'from', '"karnataka"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (59, 2, 41, 'vijayanagara', '101', 'count', '"0"', '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (60, 2, 42, 'vijayanagara', '101', 'done', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (61, 2, 43, 'vijayanagara', '101', 'done', NULL, '2026-11-26 01:51:22.910819+00', false);
INSERT INTO public.step VALUES (62, 2, 44, 'delhi', '101', 'limited', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (63, 2, 45, 'delhi', '101', 'govern', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (64, 2, 46, 'delhi', '101', 'give', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (65, 2, 47, 'delhi', '101', 'to', '"vijayanagara"', '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (66, 2, 48, 'delhi', '101', 'cancel', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (67, 2, 49, 'delhi', '101', 'space', '"maharashtra"', '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (68, 2, 50, 'delhi', '101', 'give', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (69, 2, 51, 'delhi', '101', 'to', '"vijayanagara"', '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (70, 2, 52, 'delhi', '101', 'what', '"resources"', '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (71, 2, 53, 'delhi', '101', 'amount', '"4"', '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (72, 2, 54, 'delhi', '101', 'give', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (73, 2, 55, 'delhi', '101', 'cancel', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (74, 2, 56, 'delhi', '101', 'done', NULL, '2026-11-26 01:51:23.044861+00', false);
INSERT INTO public.step VALUES (75, 2, 57, 'vijayanagara', '101', 'limited', NULL, '2026-11-26 01:51:23.118621+00', false);
INSERT INTO public.step VALUES (76, 2, 58, 'vijayanagara', '101', 'attack', NULL, '2026-11-26 01:51:23.118621+00', false);
INSERT INTO public.step VALUES (77, 2, 59, 'vijayanagara', '101', 'done', NULL, '2026-11-26 01:51:23.118621+00', false);
INSERT INTO public.step VALUES (78, 3, 1, 'green', '102', 'play', '"red-vizier-elephant"', '2026-11-26 01:51:24.101928+00', false);
INSERT INTO public.step VALUES (79, 3, 2, 'green', '102', 'white', '"white-elephant"', '2026-11-26 01:51:24.101928+00', false);
INSERT INTO public.step VALUES (80, 3, 3, 'red', '103', 'play', '"green-general-elephant"', '2026-11-26 01:51:24.164513+00', false);
INSERT INTO public.step VALUES (81, 3, 4, 'red', '103', 'done', NULL, '2026-11-26 01:51:24.164513+00', false);
INSERT INTO public.step VALUES (82, 3, 5, 'blue', '101', 'play', '"violet-vizier-elephant"', '2026-11-26 01:51:24.244657+00', false);
INSERT INTO public.step VALUES (83, 3, 6, 'green', '102', 'withdraw', NULL, '2026-11-26 01:51:24.338389+00', false);
INSERT INTO public.step VALUES (84, 3, 7, 'green', '102', 'take', '"green-mogul-elephant"', '2026-11-26 01:51:24.338389+00', false);
INSERT INTO public.step VALUES (85, 3, 8, 'green', '102', 'take', '"red-monk-elephant"', '2026-11-26 01:51:24.338389+00', false);
INSERT INTO public.step VALUES (86, 3, 9, 'red', '103', 'withdraw', NULL, '2026-11-26 01:51:24.422398+00', false);
INSERT INTO public.step VALUES (87, 3, 10, 'red', '103', 'city', '"thatta1"', '2026-11-26 01:51:24.422398+00', false);
INSERT INTO public.step VALUES (88, 3, 11, 'red', '103', 'take', '"yellow-monk-elephant"', '2026-11-26 01:51:24.459038+00', false);
INSERT INTO public.step VALUES (89, 3, 12, 'red', '103', 'take', '"violet-princess-elephant"', '2026-11-26 01:51:24.459038+00', false);
INSERT INTO public.step VALUES (90, 3, 13, 'blue', '101', 'withdraw', NULL, '2026-11-26 01:51:24.558311+00', false);
INSERT INTO public.step VALUES (91, 3, 14, 'blue', '101', 'city', '"thatta2"', '2026-11-26 01:51:24.558311+00', false);
INSERT INTO public.step VALUES (92, 3, 15, 'red', '103', 'play', '"red-vizier-general"', '2026-11-26 01:51:24.830742+00', false);
INSERT INTO public.step VALUES (93, 3, 16, 'red', '103', 'done', NULL, '2026-11-26 01:51:24.830742+00', false);
INSERT INTO public.step VALUES (94, 3, 17, 'blue', '101', 'play', '"red-vizier-elephant"', '2026-11-26 01:51:24.900682+00', false);
INSERT INTO public.step VALUES (95, 4, 1, 'red', NULL, 'place', '"yogi"', '2026-11-26 01:51:27.530275+00', false);
INSERT INTO public.step VALUES (96, 4, 2, 'red', NULL, 'die', '"blue3"', '2026-11-26 01:51:27.530275+00', false);
INSERT INTO public.step VALUES (97, 4, 3, 'red', NULL, 'colour', '"violet"', '2026-11-26 01:51:27.530275+00', false);
INSERT INTO public.step VALUES (98, 4, 4, 'yellow', '101', 'place', '"swap-green"', '2026-11-26 01:51:27.902799+00', false);
INSERT INTO public.step VALUES (99, 4, 5, 'yellow', '101', 'die', '"green2k"', '2026-11-26 01:51:27.902799+00', false);
INSERT INTO public.step VALUES (100, 4, 6, 'white', NULL, 'place', '"raja"', '2026-11-26 01:51:27.952727+00', false);
INSERT INTO public.step VALUES (101, 4, 7, 'white', NULL, 'die', '"orange4"', '2026-11-26 01:51:27.952727+00', false);
INSERT INTO public.step VALUES (102, 4, 8, 'white', NULL, 'upgrade', '"temple"', '2026-11-26 01:51:27.952727+00', false);
INSERT INTO public.step VALUES (103, 4, 9, 'red', NULL, 'place', '"dancer"', '2026-11-26 01:51:27.996272+00', false);
INSERT INTO public.step VALUES (104, 4, 10, 'red', NULL, 'die', '"violet2"', '2026-11-26 01:51:27.996272+00', false);
INSERT INTO public.step VALUES (105, 4, 11, 'red', NULL, 'colour', '"violet"', '2026-11-26 01:51:27.996272+00', false);
INSERT INTO public.step VALUES (106, 4, 12, 'red', NULL, 'colour', '"blue"', '2026-11-26 01:51:27.996272+00', false);
INSERT INTO public.step VALUES (107, 4, 13, 'yellow', '101', 'place', '"harbor"', '2026-11-26 01:51:28.115302+00', false);
INSERT INTO public.step VALUES (108, 4, 14, 'yellow', '101', 'die', '"orange3"', '2026-11-26 01:51:28.115302+00', false);
INSERT INTO public.step VALUES (109, 4, 15, 'yellow', '101', 'stay', NULL, '2026-11-26 01:51:28.115302+00', false);
INSERT INTO public.step VALUES (110, 4, 16, 'white', NULL, 'place', '"money"', '2026-11-26 01:51:28.191778+00', false);
INSERT INTO public.step VALUES (111, 4, 17, 'white', NULL, 'reroll', '"violet1"', '2026-11-26 01:51:28.191778+00', false);
INSERT INTO public.step VALUES (112, 4, 18, 'white', NULL, 'done', NULL, '2026-11-26 01:51:28.191778+00', false);
INSERT INTO public.step VALUES (113, 4, 19, 'red', NULL, 'place', '"terrace-blue"', '2026-11-26 01:51:28.286443+00', false);
INSERT INTO public.step VALUES (114, 4, 20, 'yellow', '101', 'place', '"terrace-blue"', '2026-11-26 01:51:28.449687+00', false);
INSERT INTO public.step VALUES (115, 4, 21, 'white', NULL, 'place', '"quarry"', '2026-11-26 01:51:28.684979+00', false);
INSERT INTO public.step VALUES (116, 4, 22, 'white', NULL, 'tile', '"gc2"', '2026-11-26 01:51:28.684979+00', false);
INSERT INTO public.step VALUES (117, 4, 23, 'white', NULL, 'die', '"green6"', '2026-11-26 01:51:28.684979+00', false);
INSERT INTO public.step VALUES (118, 4, 24, 'white', NULL, 'cell', '"d1-nsw"', '2026-11-26 01:51:28.684979+00', false);
INSERT INTO public.step VALUES (119, 4, 25, 'white', NULL, 'river', '"1"', '2026-11-26 01:51:28.684979+00', false);
INSERT INTO public.step VALUES (120, 4, 26, 'yellow', '101', 'place', '"mogul"', '2026-11-26 01:51:28.813136+00', false);
INSERT INTO public.step VALUES (121, 4, 27, 'yellow', '101', 'die', '"blue1"', '2026-11-26 01:51:28.813136+00', false);
INSERT INTO public.step VALUES (122, 4, 28, 'white', NULL, 'place', '"assorted"', '2026-11-26 01:51:28.962957+00', false);
INSERT INTO public.step VALUES (123, 4, 29, 'red', NULL, 'place', '"dancer"', '2026-11-26 01:51:29.328722+00', false);
INSERT INTO public.step VALUES (124, 4, 30, 'red', NULL, 'die', '"blue2"', '2026-11-26 01:51:29.328722+00', false);
INSERT INTO public.step VALUES (125, 4, 31, 'red', NULL, 'colour', '"blue"', '2026-11-26 01:51:29.328722+00', false);
INSERT INTO public.step VALUES (126, 4, 32, 'red', NULL, 'colour', '"orange"', '2026-11-26 01:51:29.328722+00', false);
INSERT INTO public.step VALUES (127, 4, 33, 'red', NULL, 'colour', '"green"', '2026-11-26 01:51:29.328722+00', false);
INSERT INTO public.step VALUES (128, 5, 1, 'blue', NULL, 'done', NULL, '2026-11-26 01:51:29.476912+00', false);
INSERT INTO public.step VALUES (129, 5, 2, 'red', '101', 'done', NULL, '2026-11-26 01:51:29.773262+00', false);
INSERT INTO public.step VALUES (130, 5, 3, 'green', NULL, 'from', '"gondwana"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (131, 5, 4, 'green', NULL, 'to', '"andhra"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (132, 5, 5, 'green', NULL, 'count', '"1"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (133, 5, 6, 'green', NULL, 'from', '"bundelkhand"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (134, 5, 7, 'green', NULL, 'to', '"gondwana"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (135, 5, 8, 'green', NULL, 'count', '"1"', '2026-11-26 01:51:29.800159+00', false);
INSERT INTO public.step VALUES (136, 5, 9, 'yellow', NULL, 'from', '"afghanistan"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (137, 5, 10, 'yellow', NULL, 'to', '"punjab"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (138, 5, 11, 'yellow', NULL, 'count', '"3"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (139, 5, 12, 'yellow', NULL, 'from', '"afghanistan"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (140, 5, 13, 'yellow', NULL, 'to', '"sind"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (141, 5, 14, 'yellow', NULL, 'count', '"2"', '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (142, 5, 15, 'yellow', NULL, 'done', NULL, '2026-11-26 01:51:29.810124+00', false);
INSERT INTO public.step VALUES (143, 5, 16, 'blue', NULL, 'place', '"rajputana"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (144, 5, 17, 'blue', NULL, 'place', '"gujarat"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (145, 5, 18, 'blue', NULL, 'from', '"rajputana"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (146, 5, 19, 'blue', NULL, 'to', '"sind"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (147, 5, 20, 'blue', NULL, 'count', '"2"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (148, 5, 21, 'blue', NULL, 'from', '"gujarat"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (149, 5, 22, 'blue', NULL, 'to', '"sind"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (150, 5, 23, 'blue', NULL, 'count', '"1"', '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (151, 5, 24, 'blue', NULL, 'done', NULL, '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (152, 5, 25, 'blue', NULL, 'fight', NULL, '2026-11-26 01:51:29.830685+00', false);
INSERT INTO public.step VALUES (153, 5, 26, 'yellow', NULL, 'retreat', '"punjab"', '2026-11-26 01:51:29.835873+00', false);
INSERT INTO public.step VALUES (154, 5, 27, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:29.835873+00', false);
INSERT INTO public.step VALUES (155, 5, 28, 'red', '101', 'place', '"khandesh"', '2026-11-26 01:51:29.892049+00', false);
INSERT INTO public.step VALUES (156, 5, 29, 'red', '101', 'done', NULL, '2026-11-26 01:51:29.892049+00', false);
INSERT INTO public.step VALUES (157, 5, 30, 'green', NULL, 'place', '"gondwana"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (158, 5, 31, 'green', NULL, 'from', '"gondwana"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (159, 5, 32, 'green', NULL, 'to', '"golconda"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (160, 5, 33, 'green', NULL, 'count', '"1"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (161, 5, 34, 'green', NULL, 'from', '"gondwana"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (162, 5, 35, 'green', NULL, 'to', '"vijayanagar"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (163, 5, 36, 'green', NULL, 'count', '"1"', '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (164, 5, 37, 'green', NULL, 'done', NULL, '2026-11-26 01:51:29.908465+00', false);
INSERT INTO public.step VALUES (165, 5, 38, 'yellow', NULL, 'from', '"afghanistan"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (166, 5, 39, 'yellow', NULL, 'to', '"rajputana"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (167, 5, 40, 'yellow', NULL, 'count', '"3"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (168, 5, 41, 'yellow', NULL, 'from', '"punjab"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (169, 5, 42, 'yellow', NULL, 'to', '"agra"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (170, 5, 43, 'yellow', NULL, 'count', '"2"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (171, 5, 44, 'yellow', NULL, 'from', '"afghanistan"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (172, 5, 45, 'yellow', NULL, 'to', '"punjab"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (173, 5, 46, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (174, 5, 47, 'yellow', NULL, 'done', NULL, '2026-11-26 01:51:29.945569+00', false);
INSERT INTO public.step VALUES (175, 5, 48, 'blue', NULL, 'place', '"gujarat"', '2026-11-26 01:51:30.12115+00', false);
INSERT INTO public.step VALUES (176, 5, 49, 'blue', NULL, 'from', '"sind"', '2026-11-26 01:51:30.12115+00', false);
INSERT INTO public.step VALUES (177, 5, 50, 'blue', NULL, 'to', '"maharashtra"', '2026-11-26 01:51:30.12115+00', false);
INSERT INTO public.step VALUES (178, 5, 51, 'blue', NULL, 'count', '"1"', '2026-11-26 01:51:30.12115+00', false);
INSERT INTO public.step VALUES (179, 5, 52, 'blue', NULL, 'done', NULL, '2026-11-26 01:51:30.12115+00', false);
INSERT INTO public.step VALUES (180, 5, 53, 'red', '101', 'place', '"khandesh"', '2026-11-26 01:51:30.33013+00', false);
INSERT INTO public.step VALUES (181, 5, 54, 'red', '101', 'done', NULL, '2026-11-26 01:51:30.33013+00', false);
INSERT INTO public.step VALUES (182, 5, 55, 'green', NULL, 'place', '"vijayanagar"', '2026-11-26 01:51:30.353832+00', false);
INSERT INTO public.step VALUES (183, 5, 56, 'green', NULL, 'from', '"vijayanagar"', '2026-11-26 01:51:30.353832+00', false);
INSERT INTO public.step VALUES (184, 5, 57, 'green', NULL, 'to', '"karnatak"', '2026-11-26 01:51:30.353832+00', false);
INSERT INTO public.step VALUES (185, 5, 58, 'green', NULL, 'count', '"1"', '2026-11-26 01:51:30.353832+00', false);
INSERT INTO public.step VALUES (186, 5, 59, 'green', NULL, 'done', NULL, '2026-11-26 01:51:30.353832+00', false);
INSERT INTO public.step VALUES (187, 5, 60, 'yellow', NULL, 'place', '"rajputana"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (188, 5, 61, 'yellow', NULL, 'place', '"punjab"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (189, 5, 62, 'yellow', NULL, 'place', '"agra"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (190, 5, 63, 'yellow', NULL, 'from', '"rajputana"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (191, 5, 64, 'yellow', NULL, 'to', '"oudh"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (192, 5, 65, 'yellow', NULL, 'count', '"2"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (193, 5, 66, 'yellow', NULL, 'from', '"agra"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (194, 5, 67, 'yellow', NULL, 'to', '"jaunpur"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (195, 5, 68, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (196, 5, 69, 'yellow', NULL, 'from', '"agra"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (197, 5, 70, 'yellow', NULL, 'to', '"magadha"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (198, 5, 71, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (199, 5, 72, 'yellow', NULL, 'from', '"punjab"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (200, 5, 73, 'yellow', NULL, 'to', '"sind"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (201, 5, 74, 'yellow', NULL, 'count', '"2"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (202, 5, 75, 'yellow', NULL, 'from', '"punjab"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (203, 5, 76, 'yellow', NULL, 'to', '"sind"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (204, 5, 77, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (205, 5, 78, 'yellow', NULL, 'done', NULL, '2026-11-26 01:51:30.615343+00', false);
INSERT INTO public.step VALUES (206, 5, 79, 'blue', NULL, 'place', '"gujarat"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (207, 5, 80, 'blue', NULL, 'from', '"gujarat"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (208, 5, 81, 'blue', NULL, 'to', '"rajputana"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (209, 5, 82, 'blue', NULL, 'count', '"2"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (210, 5, 83, 'blue', NULL, 'from', '"baluchistan"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (211, 5, 84, 'blue', NULL, 'to', '"rajputana"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (212, 5, 85, 'blue', NULL, 'count', '"1"', '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (213, 5, 86, 'blue', NULL, 'done', NULL, '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (214, 5, 87, 'blue', NULL, 'fight', NULL, '2026-11-26 01:51:30.85811+00', false);
INSERT INTO public.step VALUES (215, 5, 88, 'yellow', NULL, 'retreat', '"agra"', '2026-11-26 01:51:30.875399+00', false);
INSERT INTO public.step VALUES (216, 5, 89, 'yellow', NULL, 'count', '"1"', '2026-11-26 01:51:30.875399+00', false);


--
-- Data for Name: undorequest; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: game_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.game_id_seq', 7, true);


--
-- Name: seat_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.seat_id_seq', 18, true);


--
-- Name: step_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.step_id_seq', 216, true);


--
-- Name: undorequest_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.undorequest_id_seq', 1, false);


--
-- Name: checkpoint checkpoint_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoint
    ADD CONSTRAINT checkpoint_pkey PRIMARY KEY (game_id, seq);


--
-- Name: game game_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game
    ADD CONSTRAINT game_pkey PRIMARY KEY (id);


--
-- Name: reminder reminder_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder
    ADD CONSTRAINT reminder_pkey PRIMARY KEY (game_id);


--
-- Name: seat seat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_pkey PRIMARY KEY (id);


--
-- Name: step step_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.step
    ADD CONSTRAINT step_pkey PRIMARY KEY (id);


--
-- Name: undorequest undorequest_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.undorequest
    ADD CONSTRAINT undorequest_pkey PRIMARY KEY (id);


--
-- Name: seat uq_seat_position; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT uq_seat_position UNIQUE (game_id, "position");


--
-- Name: step uq_step_seq; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.step
    ADD CONSTRAINT uq_step_seq UNIQUE (game_id, seq);


--
-- Name: undorequest uq_undo_request; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.undorequest
    ADD CONSTRAINT uq_undo_request UNIQUE (game_id, version, requester);


--
-- Name: ix_game_channel_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_channel_id ON public.game USING btree (channel_id);


--
-- Name: ix_game_guild_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_guild_id ON public.game USING btree (guild_id);


--
-- Name: ix_game_one_live_per_channel; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ix_game_one_live_per_channel ON public.game USING btree (channel_id) WHERE ((status)::text = ANY ((ARRAY['setup'::character varying, 'active'::character varying])::text[]));


--
-- Name: ix_game_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_game_status ON public.game USING btree (status);


--
-- Name: ix_seat_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_seat_game_id ON public.seat USING btree (game_id);


--
-- Name: ix_step_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_step_game_id ON public.step USING btree (game_id);


--
-- Name: ix_undorequest_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_undorequest_game_id ON public.undorequest USING btree (game_id);


--
-- Name: checkpoint checkpoint_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoint
    ADD CONSTRAINT checkpoint_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: reminder reminder_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder
    ADD CONSTRAINT reminder_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: seat seat_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: step step_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.step
    ADD CONSTRAINT step_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- Name: undorequest undorequest_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.undorequest
    ADD CONSTRAINT undorequest_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id);


--
-- PostgreSQL database dump complete
--


