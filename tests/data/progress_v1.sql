-- A learner database at schema version 1, made by the trainer before answers were
-- stored as canonical facts: every puzzle kind and lesson check kind, as that app stored them.
BEGIN TRANSACTION;
CREATE TABLE answers (
	id INTEGER NOT NULL, 
	learner_id INTEGER NOT NULL, 
	answered_at DATETIME NOT NULL, 
	source VARCHAR(10) NOT NULL, 
	item_id VARCHAR(120) NOT NULL, 
	kind VARCHAR(40) NOT NULL, 
	rule VARCHAR(60) NOT NULL, 
	tags TEXT NOT NULL, 
	rules VARCHAR(80) NOT NULL, 
	level INTEGER NOT NULL, 
	seed INTEGER, 
	assignment_id INTEGER, 
	given TEXT NOT NULL, 
	correct BOOLEAN NOT NULL, 
	seconds FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(learner_id) REFERENCES learners (id) ON DELETE CASCADE, 
	FOREIGN KEY(assignment_id) REFERENCES assignments (id) ON DELETE SET NULL
);
INSERT INTO "answers" VALUES(1,2,'2026-11-01 18:02:30.000000','puzzle','wc-2c409f87895d','which-cards','play.follow-suit','play.follow-suit','amsterdam',1,100,NULL,'8♥ A♥',1,3.2);
INSERT INTO "answers" VALUES(2,2,'2026-11-01 18:03:00.000000','puzzle','wc-2c409f87895d','which-cards','play.follow-suit','play.follow-suit','amsterdam',1,100,NULL,'8♥',0,3.2);
INSERT INTO "answers" VALUES(3,2,'2026-11-01 18:03:30.000000','puzzle','wc-7cb3ccf0549e','which-cards','play.follow-suit','play.follow-suit','rotterdam',2,101,NULL,'8♣ 10♣ Q♣',1,3.2);
INSERT INTO "answers" VALUES(4,2,'2026-11-01 18:04:00.000000','puzzle','wc-7cb3ccf0549e','which-cards','play.follow-suit','play.follow-suit','rotterdam',2,101,NULL,'8♣',0,3.2);
INSERT INTO "answers" VALUES(5,2,'2026-11-01 18:04:30.000000','puzzle','wc-8b5937f1e8f6','which-cards','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','amsterdam',3,102,NULL,'9♥ 10♥ Q♥ K♥',1,3.2);
INSERT INTO "answers" VALUES(6,2,'2026-11-01 18:05:00.000000','puzzle','wc-8b5937f1e8f6','which-cards','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','amsterdam',3,102,NULL,'9♣',0,3.2);
INSERT INTO "answers" VALUES(7,2,'2026-11-01 18:05:30.000000','puzzle','wc-2df915ec01bf','which-cards','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','rotterdam',1,103,NULL,'9♠ J♠ A♠',1,3.2);
INSERT INTO "answers" VALUES(8,2,'2026-11-01 18:06:00.000000','puzzle','wc-2df915ec01bf','which-cards','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','rotterdam',1,103,NULL,'9♥',0,3.2);
INSERT INTO "answers" VALUES(9,2,'2026-11-01 18:06:30.000000','puzzle','wc-441aa9989e30','which-cards','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','amsterdam',2,104,NULL,'Q♥',1,3.2);
INSERT INTO "answers" VALUES(10,2,'2026-11-01 18:07:00.000000','puzzle','wc-441aa9989e30','which-cards','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','amsterdam',2,104,NULL,'7♣',0,3.2);
INSERT INTO "answers" VALUES(11,2,'2026-11-01 18:07:30.000000','puzzle','wc-bb68adfe430d','which-cards','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','rotterdam',3,105,NULL,'7♠ 9♠ A♠',1,3.2);
INSERT INTO "answers" VALUES(12,2,'2026-11-01 18:08:00.000000','puzzle','wc-bb68adfe430d','which-cards','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','rotterdam',3,105,NULL,'K♣',0,3.2);
INSERT INTO "answers" VALUES(13,2,'2026-11-01 18:08:30.000000','puzzle','wc-4cd482a4943b','which-cards','play.must-trump','play.must-trump','amsterdam',1,106,NULL,'K♦ A♦',1,3.2);
INSERT INTO "answers" VALUES(14,2,'2026-11-01 18:09:00.000000','puzzle','wc-4cd482a4943b','which-cards','play.must-trump','play.must-trump','amsterdam',1,106,NULL,'10♣',0,3.2);
INSERT INTO "answers" VALUES(15,2,'2026-11-01 18:09:30.000000','puzzle','wc-76a9a1a6e871','which-cards','play.must-trump','play.must-trump','rotterdam',2,107,NULL,'7♥ 8♥ 9♥',1,3.2);
INSERT INTO "answers" VALUES(16,2,'2026-11-01 18:10:00.000000','puzzle','wc-76a9a1a6e871','which-cards','play.must-trump','play.must-trump','rotterdam',2,107,NULL,'10♣',0,3.2);
INSERT INTO "answers" VALUES(17,2,'2026-11-01 18:10:30.000000','puzzle','wc-3fcb3ef2db5c','which-cards','play.must-overtrump','play.must-overtrump','amsterdam',3,108,NULL,'J♠ K♠ A♠',1,3.2);
INSERT INTO "answers" VALUES(18,2,'2026-11-01 18:11:00.000000','puzzle','wc-3fcb3ef2db5c','which-cards','play.must-overtrump','play.must-overtrump','amsterdam',3,108,NULL,'7♣',0,3.2);
INSERT INTO "answers" VALUES(19,2,'2026-11-01 18:11:30.000000','puzzle','wc-402c65f64761','which-cards','play.must-overtrump','play.must-overtrump','rotterdam',1,109,NULL,'9♦',1,3.2);
INSERT INTO "answers" VALUES(20,2,'2026-11-01 18:12:00.000000','puzzle','wc-402c65f64761','which-cards','play.must-overtrump','play.must-overtrump','rotterdam',1,109,NULL,'8♦',0,3.2);
INSERT INTO "answers" VALUES(21,2,'2026-11-01 18:12:30.000000','puzzle','wc-a15201aff112','which-cards','play.no-undertrump','play.no-undertrump','amsterdam',2,110,NULL,'J♦ Q♦ K♦',1,3.2);
INSERT INTO "answers" VALUES(22,2,'2026-11-01 18:13:00.000000','puzzle','wc-a15201aff112','which-cards','play.no-undertrump','play.no-undertrump','amsterdam',2,110,NULL,'10♣',0,3.2);
INSERT INTO "answers" VALUES(23,2,'2026-11-01 18:13:30.000000','puzzle','wc-5926c05e166f','which-cards','play.partner-winning','play.partner-winning play.no-undertrump','amsterdam',3,111,NULL,'7♣ 10♣ K♣ 9♥ J♥ A♥',1,3.2);
INSERT INTO "answers" VALUES(24,2,'2026-11-01 18:14:00.000000','puzzle','wc-5926c05e166f','which-cards','play.partner-winning','play.partner-winning play.no-undertrump','amsterdam',3,111,NULL,'7♣',0,3.2);
INSERT INTO "answers" VALUES(25,2,'2026-11-01 18:14:30.000000','puzzle','wc-871094b9808b','which-cards','play.must-undertrump','play.must-undertrump','rotterdam',1,112,NULL,'9♣ K♣',1,3.2);
INSERT INTO "answers" VALUES(26,2,'2026-11-01 18:15:00.000000','puzzle','wc-871094b9808b','which-cards','play.must-undertrump','play.must-undertrump','rotterdam',1,112,NULL,'9♣',0,3.2);
INSERT INTO "answers" VALUES(27,2,'2026-11-01 18:15:30.000000','puzzle','cl-dce724a3c943','card-legal','play.follow-suit','play.follow-suit','amsterdam',2,113,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(28,2,'2026-11-01 18:16:00.000000','puzzle','cl-dce724a3c943','card-legal','play.follow-suit','play.follow-suit','amsterdam',2,113,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(29,2,'2026-11-01 18:16:30.000000','puzzle','cl-dce724a3c943','card-legal','play.follow-suit','play.follow-suit','amsterdam',2,113,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(30,2,'2026-11-01 18:17:00.000000','puzzle','cl-839fa365df89','card-legal','play.follow-suit','play.follow-suit','rotterdam',3,114,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(31,2,'2026-11-01 18:17:30.000000','puzzle','cl-839fa365df89','card-legal','play.follow-suit','play.follow-suit','rotterdam',3,114,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(32,2,'2026-11-01 18:18:00.000000','puzzle','cl-839fa365df89','card-legal','play.follow-suit','play.follow-suit','rotterdam',3,114,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(33,2,'2026-11-01 18:18:30.000000','puzzle','cl-5286cbd14c24','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','amsterdam',1,115,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(34,2,'2026-11-01 18:19:00.000000','puzzle','cl-5286cbd14c24','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','amsterdam',1,115,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(35,2,'2026-11-01 18:19:30.000000','puzzle','cl-5286cbd14c24','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','amsterdam',1,115,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(36,2,'2026-11-01 18:20:00.000000','puzzle','cl-95d0ed86a50d','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','rotterdam',2,116,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(37,2,'2026-11-01 18:20:30.000000','puzzle','cl-95d0ed86a50d','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','rotterdam',2,116,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(38,2,'2026-11-01 18:21:00.000000','puzzle','cl-95d0ed86a50d','card-legal','play.trump-led-overtrump','play.trump-led-overtrump play.follow-suit','rotterdam',2,116,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(39,2,'2026-11-01 18:21:30.000000','puzzle','cl-d3356fa6d8cd','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','amsterdam',3,117,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(40,2,'2026-11-01 18:22:00.000000','puzzle','cl-d3356fa6d8cd','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','amsterdam',3,117,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(41,2,'2026-11-01 18:22:30.000000','puzzle','cl-d3356fa6d8cd','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','amsterdam',3,117,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(42,2,'2026-11-01 18:23:00.000000','puzzle','cl-083fa9cf85fe','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','rotterdam',1,118,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(43,2,'2026-11-01 18:23:30.000000','puzzle','cl-083fa9cf85fe','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','rotterdam',1,118,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(44,2,'2026-11-01 18:24:00.000000','puzzle','cl-083fa9cf85fe','card-legal','play.trump-led-any-trump','play.trump-led-any-trump play.follow-suit','rotterdam',1,118,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(45,2,'2026-11-01 18:24:30.000000','puzzle','cl-2efb5e04ff8f','card-legal','play.must-trump','play.must-trump','amsterdam',2,119,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(46,2,'2026-11-01 18:25:00.000000','puzzle','cl-2efb5e04ff8f','card-legal','play.must-trump','play.must-trump','amsterdam',2,119,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(47,2,'2026-11-01 18:25:30.000000','puzzle','cl-2efb5e04ff8f','card-legal','play.must-trump','play.must-trump','amsterdam',2,119,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(48,2,'2026-11-01 18:26:00.000000','puzzle','cl-c8cfe45a0f55','card-legal','play.must-trump','play.must-trump','rotterdam',3,120,NULL,'no',1,3.2);
INSERT INTO "answers" VALUES(49,2,'2026-11-01 18:26:30.000000','puzzle','cl-c8cfe45a0f55','card-legal','play.must-trump','play.must-trump','rotterdam',3,120,NULL,'yes',0,3.2);
INSERT INTO "answers" VALUES(50,2,'2026-11-01 18:27:00.000000','puzzle','cl-c8cfe45a0f55','card-legal','play.must-trump','play.must-trump','rotterdam',3,120,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(51,2,'2026-11-01 18:27:30.000000','puzzle','cl-049e044f74fb','card-legal','play.must-overtrump','play.must-overtrump','amsterdam',1,121,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(52,2,'2026-11-01 18:28:00.000000','puzzle','cl-049e044f74fb','card-legal','play.must-overtrump','play.must-overtrump','amsterdam',1,121,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(53,2,'2026-11-01 18:28:30.000000','puzzle','cl-049e044f74fb','card-legal','play.must-overtrump','play.must-overtrump','amsterdam',1,121,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(54,2,'2026-11-01 18:29:00.000000','puzzle','cl-012177d2f3e7','card-legal','play.must-overtrump','play.must-overtrump','rotterdam',2,122,NULL,'no',1,3.2);
INSERT INTO "answers" VALUES(55,2,'2026-11-01 18:29:30.000000','puzzle','cl-012177d2f3e7','card-legal','play.must-overtrump','play.must-overtrump','rotterdam',2,122,NULL,'yes',0,3.2);
INSERT INTO "answers" VALUES(56,2,'2026-11-01 18:30:00.000000','puzzle','cl-012177d2f3e7','card-legal','play.must-overtrump','play.must-overtrump','rotterdam',2,122,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(57,2,'2026-11-01 18:30:30.000000','puzzle','cl-639d07628743','card-legal','play.no-undertrump','play.no-undertrump','amsterdam',3,123,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(58,2,'2026-11-01 18:31:00.000000','puzzle','cl-639d07628743','card-legal','play.no-undertrump','play.no-undertrump','amsterdam',3,123,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(59,2,'2026-11-01 18:31:30.000000','puzzle','cl-639d07628743','card-legal','play.no-undertrump','play.no-undertrump','amsterdam',3,123,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(60,2,'2026-11-01 18:32:00.000000','puzzle','cl-61fe5aaed0dc','card-legal','play.partner-winning','play.partner-winning','amsterdam',1,124,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(61,2,'2026-11-01 18:32:30.000000','puzzle','cl-61fe5aaed0dc','card-legal','play.partner-winning','play.partner-winning','amsterdam',1,124,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(62,2,'2026-11-01 18:33:00.000000','puzzle','cl-61fe5aaed0dc','card-legal','play.partner-winning','play.partner-winning','amsterdam',1,124,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(63,2,'2026-11-01 18:33:30.000000','puzzle','cl-9f2f67654466','card-legal','play.must-undertrump','play.must-undertrump','rotterdam',2,125,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(64,2,'2026-11-01 18:34:00.000000','puzzle','cl-9f2f67654466','card-legal','play.must-undertrump','play.must-undertrump','rotterdam',2,125,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(65,2,'2026-11-01 18:34:30.000000','puzzle','cl-9f2f67654466','card-legal','play.must-undertrump','play.must-undertrump','rotterdam',2,125,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(66,2,'2026-11-01 18:35:00.000000','puzzle','cl-1e6a6e59cf53','card-legal','play.void-no-trumps','play.void-no-trumps','amsterdam',3,126,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(67,2,'2026-11-01 18:35:30.000000','puzzle','cl-1e6a6e59cf53','card-legal','play.void-no-trumps','play.void-no-trumps','amsterdam',3,126,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(68,2,'2026-11-01 18:36:00.000000','puzzle','cl-1e6a6e59cf53','card-legal','play.void-no-trumps','play.void-no-trumps','amsterdam',3,126,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(69,2,'2026-11-01 18:36:30.000000','puzzle','cl-39028270cb59','card-legal','play.void-no-trumps','play.void-no-trumps','rotterdam',1,127,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(70,2,'2026-11-01 18:37:00.000000','puzzle','cl-39028270cb59','card-legal','play.void-no-trumps','play.void-no-trumps','rotterdam',1,127,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(71,2,'2026-11-01 18:37:30.000000','puzzle','cl-39028270cb59','card-legal','play.void-no-trumps','play.void-no-trumps','rotterdam',1,127,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(72,2,'2026-11-01 18:38:00.000000','puzzle','cl-f818e76672db','card-legal','play.only-lower-trumps','play.only-lower-trumps','amsterdam',2,128,NULL,'yes',1,3.2);
INSERT INTO "answers" VALUES(73,2,'2026-11-01 18:38:30.000000','puzzle','cl-f818e76672db','card-legal','play.only-lower-trumps','play.only-lower-trumps','amsterdam',2,128,NULL,'no',0,3.2);
INSERT INTO "answers" VALUES(74,2,'2026-11-01 18:39:00.000000','puzzle','cl-f818e76672db','card-legal','play.only-lower-trumps','play.only-lower-trumps','amsterdam',2,128,NULL,'-',0,3.2);
INSERT INTO "answers" VALUES(75,2,'2026-11-01 18:39:30.000000','puzzle','nat-5877d2fe7d94','is-nat','score.nat','score.nat','amsterdam',3,129,NULL,'nat=True, points=[0, 182]',1,3.2);
INSERT INTO "answers" VALUES(76,2,'2026-11-01 18:40:00.000000','puzzle','nat-5877d2fe7d94','is-nat','score.nat','score.nat','amsterdam',3,129,NULL,'nat=False, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(77,2,'2026-11-01 18:40:30.000000','puzzle','nat-5877d2fe7d94','is-nat','score.nat','score.nat','amsterdam',3,129,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(78,2,'2026-11-01 18:41:00.000000','puzzle','nat-13062a04fccf','is-nat','score.nat','score.nat','rotterdam',1,130,NULL,'nat=True, points=[162, 0]',1,3.2);
INSERT INTO "answers" VALUES(79,2,'2026-11-01 18:41:30.000000','puzzle','nat-13062a04fccf','is-nat','score.nat','score.nat','rotterdam',1,130,NULL,'nat=False, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(80,2,'2026-11-01 18:42:00.000000','puzzle','nat-13062a04fccf','is-nat','score.nat','score.nat','rotterdam',1,130,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(81,2,'2026-11-01 18:42:30.000000','puzzle','nat-282d5c3e6c42','is-nat','score.made','score.made','amsterdam',2,131,NULL,'nat=False, points=[81, 101]',1,3.2);
INSERT INTO "answers" VALUES(82,2,'2026-11-01 18:43:00.000000','puzzle','nat-282d5c3e6c42','is-nat','score.made','score.made','amsterdam',2,131,NULL,'nat=True, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(83,2,'2026-11-01 18:43:30.000000','puzzle','nat-282d5c3e6c42','is-nat','score.made','score.made','amsterdam',2,131,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(84,2,'2026-11-01 18:44:00.000000','puzzle','nat-b3fe6ad8d110','is-nat','score.made','score.made','rotterdam',3,132,NULL,'nat=False, points=[145, 147]',1,3.2);
INSERT INTO "answers" VALUES(85,2,'2026-11-01 18:44:30.000000','puzzle','nat-b3fe6ad8d110','is-nat','score.made','score.made','rotterdam',3,132,NULL,'nat=True, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(86,2,'2026-11-01 18:45:00.000000','puzzle','nat-b3fe6ad8d110','is-nat','score.made','score.made','rotterdam',3,132,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(87,2,'2026-11-01 18:45:30.000000','puzzle','nat-850e7b9f1faa','is-nat','score.pit','score.pit score.nat','amsterdam',1,133,NULL,'nat=True, points=[262, 0]',1,3.2);
INSERT INTO "answers" VALUES(88,2,'2026-11-01 18:46:00.000000','puzzle','nat-850e7b9f1faa','is-nat','score.pit','score.pit score.nat','amsterdam',1,133,NULL,'nat=False, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(89,2,'2026-11-01 18:46:30.000000','puzzle','nat-850e7b9f1faa','is-nat','score.pit','score.pit score.nat','amsterdam',1,133,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(90,2,'2026-11-01 18:47:00.000000','puzzle','nat-e2d6365eee3c','is-nat','score.pit','score.pit score.made roem.declare','rotterdam',2,134,NULL,'nat=False, points=[0, 262]',1,3.2);
INSERT INTO "answers" VALUES(91,2,'2026-11-01 18:47:30.000000','puzzle','nat-e2d6365eee3c','is-nat','score.pit','score.pit score.made roem.declare','rotterdam',2,134,NULL,'nat=True, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(92,2,'2026-11-01 18:48:00.000000','puzzle','nat-e2d6365eee3c','is-nat','score.pit','score.pit score.made roem.declare','rotterdam',2,134,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(93,2,'2026-11-01 18:48:30.000000','puzzle','nat-bb7c45c46153','is-nat','roem.declare','roem.declare score.nat','amsterdam',3,135,NULL,'nat=True, points=[162, 0]',1,3.2);
INSERT INTO "answers" VALUES(94,2,'2026-11-01 18:49:00.000000','puzzle','nat-bb7c45c46153','is-nat','roem.declare','roem.declare score.nat','amsterdam',3,135,NULL,'nat=False, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(95,2,'2026-11-01 18:49:30.000000','puzzle','nat-bb7c45c46153','is-nat','roem.declare','roem.declare score.nat','amsterdam',3,135,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(96,2,'2026-11-01 18:50:00.000000','puzzle','nat-88d01611a508','is-nat','roem.declare','roem.declare score.made','rotterdam',1,136,NULL,'nat=False, points=[80, 82]',1,3.2);
INSERT INTO "answers" VALUES(97,2,'2026-11-01 18:50:30.000000','puzzle','nat-88d01611a508','is-nat','roem.declare','roem.declare score.made','rotterdam',1,136,NULL,'nat=True, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(98,2,'2026-11-01 18:51:00.000000','puzzle','nat-88d01611a508','is-nat','roem.declare','roem.declare score.made','rotterdam',1,136,NULL,'nat=None, points=[0, 0]',0,3.2);
INSERT INTO "answers" VALUES(99,2,'2026-11-01 18:51:30.000000','puzzle','ct-abbbd0bd99d5','count-trick','trick.trump-wins','trick.trump-wins points.cards','amsterdam',2,137,NULL,'winner=2, points=34',1,3.2);
INSERT INTO "answers" VALUES(100,2,'2026-11-01 18:52:00.000000','puzzle','ct-abbbd0bd99d5','count-trick','trick.trump-wins','trick.trump-wins points.cards','amsterdam',2,137,NULL,'winner=3, points=34',0,3.2);
INSERT INTO "answers" VALUES(101,2,'2026-11-01 18:52:30.000000','puzzle','ct-abbbd0bd99d5','count-trick','trick.trump-wins','trick.trump-wins points.cards','amsterdam',2,137,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(102,2,'2026-11-01 18:53:00.000000','puzzle','ct-9f265e12f60a','count-trick','trick.trump-wins','trick.trump-wins order.trump points.cards','rotterdam',3,138,NULL,'winner=2, points=27, roem=0',1,3.2);
INSERT INTO "answers" VALUES(103,2,'2026-11-01 18:53:30.000000','puzzle','ct-9f265e12f60a','count-trick','trick.trump-wins','trick.trump-wins order.trump points.cards','rotterdam',3,138,NULL,'winner=3, points=27, roem=0',0,3.2);
INSERT INTO "answers" VALUES(104,2,'2026-11-01 18:54:00.000000','puzzle','ct-9f265e12f60a','count-trick','trick.trump-wins','trick.trump-wins order.trump points.cards','rotterdam',3,138,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(105,2,'2026-11-01 18:54:30.000000','puzzle','ct-878ad4bceae4','count-trick','trick.suit-led-wins','trick.suit-led-wins','amsterdam',1,139,NULL,'winner=0',1,3.2);
INSERT INTO "answers" VALUES(106,2,'2026-11-01 18:55:00.000000','puzzle','ct-878ad4bceae4','count-trick','trick.suit-led-wins','trick.suit-led-wins','amsterdam',1,139,NULL,'winner=1',0,3.2);
INSERT INTO "answers" VALUES(107,2,'2026-11-01 18:55:30.000000','puzzle','ct-878ad4bceae4','count-trick','trick.suit-led-wins','trick.suit-led-wins','amsterdam',1,139,NULL,'winner=None',0,3.2);
INSERT INTO "answers" VALUES(108,2,'2026-11-01 18:56:00.000000','puzzle','ct-d711689700f1','count-trick','trick.suit-led-wins','trick.suit-led-wins points.last-trick points.cards','rotterdam',2,140,NULL,'winner=0, points=19',1,3.2);
INSERT INTO "answers" VALUES(109,2,'2026-11-01 18:56:30.000000','puzzle','ct-d711689700f1','count-trick','trick.suit-led-wins','trick.suit-led-wins points.last-trick points.cards','rotterdam',2,140,NULL,'winner=1, points=19',0,3.2);
INSERT INTO "answers" VALUES(110,2,'2026-11-01 18:57:00.000000','puzzle','ct-d711689700f1','count-trick','trick.suit-led-wins','trick.suit-led-wins points.last-trick points.cards','rotterdam',2,140,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(111,2,'2026-11-01 18:57:30.000000','puzzle','ct-29fa75327009','count-trick','order.trump','order.trump trick.trump-wins points.cards','amsterdam',3,141,NULL,'winner=0, points=36, roem=0',1,3.2);
INSERT INTO "answers" VALUES(112,2,'2026-11-01 18:58:00.000000','puzzle','ct-29fa75327009','count-trick','order.trump','order.trump trick.trump-wins points.cards','amsterdam',3,141,NULL,'winner=1, points=36, roem=0',0,3.2);
INSERT INTO "answers" VALUES(113,2,'2026-11-01 18:58:30.000000','puzzle','ct-29fa75327009','count-trick','order.trump','order.trump trick.trump-wins points.cards','amsterdam',3,141,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(114,2,'2026-11-01 18:59:00.000000','puzzle','ct-0d3044757ccd','count-trick','order.trump','order.trump trick.trump-wins','rotterdam',1,142,NULL,'winner=0',1,3.2);
INSERT INTO "answers" VALUES(115,2,'2026-11-01 18:59:30.000000','puzzle','ct-0d3044757ccd','count-trick','order.trump','order.trump trick.trump-wins','rotterdam',1,142,NULL,'winner=1',0,3.2);
INSERT INTO "answers" VALUES(116,2,'2026-11-01 19:00:00.000000','puzzle','ct-0d3044757ccd','count-trick','order.trump','order.trump trick.trump-wins','rotterdam',1,142,NULL,'winner=None',0,3.2);
INSERT INTO "answers" VALUES(117,2,'2026-11-01 19:00:30.000000','puzzle','ct-13949b348ad9','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','amsterdam',2,143,NULL,'winner=3, points=14',1,3.2);
INSERT INTO "answers" VALUES(118,2,'2026-11-01 19:01:00.000000','puzzle','ct-13949b348ad9','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','amsterdam',2,143,NULL,'winner=0, points=14',0,3.2);
INSERT INTO "answers" VALUES(119,2,'2026-11-01 19:01:30.000000','puzzle','ct-13949b348ad9','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','amsterdam',2,143,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(120,2,'2026-11-01 19:02:00.000000','puzzle','ct-8deff9dd9988','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','rotterdam',3,144,NULL,'winner=2, points=17, roem=0',1,3.2);
INSERT INTO "answers" VALUES(121,2,'2026-11-01 19:02:30.000000','puzzle','ct-8deff9dd9988','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','rotterdam',3,144,NULL,'winner=3, points=17, roem=0',0,3.2);
INSERT INTO "answers" VALUES(122,2,'2026-11-01 19:03:00.000000','puzzle','ct-8deff9dd9988','count-trick','order.plain','order.plain trick.suit-led-wins points.cards','rotterdam',3,144,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(123,2,'2026-11-01 19:03:30.000000','puzzle','ct-38b0e5c0e29e','count-trick','points.cards','points.cards trick.trump-wins','amsterdam',1,145,NULL,'winner=2, points=21',1,3.2);
INSERT INTO "answers" VALUES(124,2,'2026-11-01 19:04:00.000000','puzzle','ct-38b0e5c0e29e','count-trick','points.cards','points.cards trick.trump-wins','amsterdam',1,145,NULL,'winner=3, points=21',0,3.2);
INSERT INTO "answers" VALUES(125,2,'2026-11-01 19:04:30.000000','puzzle','ct-38b0e5c0e29e','count-trick','points.cards','points.cards trick.trump-wins','amsterdam',1,145,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(126,2,'2026-11-01 19:05:00.000000','puzzle','ct-3872b6a50854','count-trick','points.cards','points.cards trick.suit-led-wins order.plain','rotterdam',2,146,NULL,'winner=0, points=12',1,3.2);
INSERT INTO "answers" VALUES(127,2,'2026-11-01 19:05:30.000000','puzzle','ct-3872b6a50854','count-trick','points.cards','points.cards trick.suit-led-wins order.plain','rotterdam',2,146,NULL,'winner=1, points=12',0,3.2);
INSERT INTO "answers" VALUES(128,2,'2026-11-01 19:06:00.000000','puzzle','ct-3872b6a50854','count-trick','points.cards','points.cards trick.suit-led-wins order.plain','rotterdam',2,146,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(129,2,'2026-11-01 19:06:30.000000','puzzle','ct-0f62ebeb85ea','count-trick','points.last-trick','points.last-trick trick.suit-led-wins points.cards','amsterdam',3,147,NULL,'winner=0, points=25, roem=0',1,3.2);
INSERT INTO "answers" VALUES(130,2,'2026-11-01 19:07:00.000000','puzzle','ct-0f62ebeb85ea','count-trick','points.last-trick','points.last-trick trick.suit-led-wins points.cards','amsterdam',3,147,NULL,'winner=1, points=25, roem=0',0,3.2);
INSERT INTO "answers" VALUES(131,2,'2026-11-01 19:07:30.000000','puzzle','ct-0f62ebeb85ea','count-trick','points.last-trick','points.last-trick trick.suit-led-wins points.cards','amsterdam',3,147,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(132,2,'2026-11-01 19:08:00.000000','puzzle','ct-7ca128d7df0c','count-trick','points.last-trick','points.last-trick trick.trump-wins points.cards','rotterdam',1,148,NULL,'winner=2, points=39',1,3.2);
INSERT INTO "answers" VALUES(133,2,'2026-11-01 19:08:30.000000','puzzle','ct-7ca128d7df0c','count-trick','points.last-trick','points.last-trick trick.trump-wins points.cards','rotterdam',1,148,NULL,'winner=3, points=39',0,3.2);
INSERT INTO "answers" VALUES(134,2,'2026-11-01 19:09:00.000000','puzzle','ct-7ca128d7df0c','count-trick','points.last-trick','points.last-trick trick.trump-wins points.cards','rotterdam',1,148,NULL,'winner=None, points=0',0,3.2);
INSERT INTO "answers" VALUES(135,2,'2026-11-01 19:09:30.000000','puzzle','ct-7af967f88d45','count-trick','roem.run-of-three','roem.run-of-three trick.trump-wins points.last-trick points.cards','amsterdam',2,149,NULL,'winner=3, points=10, roem=20',1,3.2);
INSERT INTO "answers" VALUES(136,2,'2026-11-01 19:10:00.000000','puzzle','ct-7af967f88d45','count-trick','roem.run-of-three','roem.run-of-three trick.trump-wins points.last-trick points.cards','amsterdam',2,149,NULL,'winner=0, points=10, roem=20',0,3.2);
INSERT INTO "answers" VALUES(137,2,'2026-11-01 19:10:30.000000','puzzle','ct-7af967f88d45','count-trick','roem.run-of-three','roem.run-of-three trick.trump-wins points.last-trick points.cards','amsterdam',2,149,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(138,2,'2026-11-01 19:11:00.000000','puzzle','ct-1347fde41764','count-trick','roem.run-of-three','roem.run-of-three trick.suit-led-wins order.plain points.cards','rotterdam',3,150,NULL,'winner=2, points=13, roem=20',1,3.2);
INSERT INTO "answers" VALUES(139,2,'2026-11-01 19:11:30.000000','puzzle','ct-1347fde41764','count-trick','roem.run-of-three','roem.run-of-three trick.suit-led-wins order.plain points.cards','rotterdam',3,150,NULL,'winner=3, points=13, roem=20',0,3.2);
INSERT INTO "answers" VALUES(140,2,'2026-11-01 19:12:00.000000','puzzle','ct-1347fde41764','count-trick','roem.run-of-three','roem.run-of-three trick.suit-led-wins order.plain points.cards','rotterdam',3,150,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(141,2,'2026-11-01 19:12:30.000000','puzzle','ct-01c7bd424905','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain','amsterdam',1,151,NULL,'winner=3, roem=50',1,3.2);
INSERT INTO "answers" VALUES(142,2,'2026-11-01 19:13:00.000000','puzzle','ct-01c7bd424905','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain','amsterdam',1,151,NULL,'winner=0, roem=50',0,3.2);
INSERT INTO "answers" VALUES(143,2,'2026-11-01 19:13:30.000000','puzzle','ct-01c7bd424905','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain','amsterdam',1,151,NULL,'winner=None, roem=0',0,3.2);
INSERT INTO "answers" VALUES(144,2,'2026-11-01 19:14:00.000000','puzzle','ct-cbb12ea594d3','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain points.cards','rotterdam',2,152,NULL,'winner=0, points=19, roem=50',1,3.2);
INSERT INTO "answers" VALUES(145,2,'2026-11-01 19:14:30.000000','puzzle','ct-cbb12ea594d3','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain points.cards','rotterdam',2,152,NULL,'winner=1, points=19, roem=50',0,3.2);
INSERT INTO "answers" VALUES(146,2,'2026-11-01 19:15:00.000000','puzzle','ct-cbb12ea594d3','count-trick','roem.run-of-four','roem.run-of-four trick.suit-led-wins order.plain points.cards','rotterdam',2,152,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(147,2,'2026-11-01 19:15:30.000000','puzzle','ct-8b1143dd1a1a','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump points.last-trick points.cards','amsterdam',3,153,NULL,'winner=0, points=41, roem=20',1,3.2);
INSERT INTO "answers" VALUES(148,2,'2026-11-01 19:16:00.000000','puzzle','ct-8b1143dd1a1a','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump points.last-trick points.cards','amsterdam',3,153,NULL,'winner=1, points=41, roem=20',0,3.2);
INSERT INTO "answers" VALUES(149,2,'2026-11-01 19:16:30.000000','puzzle','ct-8b1143dd1a1a','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump points.last-trick points.cards','amsterdam',3,153,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(150,2,'2026-11-01 19:17:00.000000','puzzle','ct-ad91519d2792','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump roem.run-of-three','rotterdam',1,154,NULL,'winner=2, roem=40',1,3.2);
INSERT INTO "answers" VALUES(151,2,'2026-11-01 19:17:30.000000','puzzle','ct-ad91519d2792','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump roem.run-of-three','rotterdam',1,154,NULL,'winner=3, roem=40',0,3.2);
INSERT INTO "answers" VALUES(152,2,'2026-11-01 19:18:00.000000','puzzle','ct-ad91519d2792','count-trick','roem.stuk','roem.stuk trick.trump-wins order.trump roem.run-of-three','rotterdam',1,154,NULL,'winner=None, roem=0',0,3.2);
INSERT INTO "answers" VALUES(153,2,'2026-11-01 19:18:30.000000','puzzle','ct-40840a4051e2','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','amsterdam',2,155,NULL,'winner=2, points=0, roem=0',1,3.2);
INSERT INTO "answers" VALUES(154,2,'2026-11-01 19:19:00.000000','puzzle','ct-40840a4051e2','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','amsterdam',2,155,NULL,'winner=3, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(155,2,'2026-11-01 19:19:30.000000','puzzle','ct-40840a4051e2','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','amsterdam',2,155,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(156,2,'2026-11-01 19:20:00.000000','puzzle','ct-a7d3002950e3','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','rotterdam',3,156,NULL,'winner=2, points=0, roem=0',1,3.2);
INSERT INTO "answers" VALUES(157,2,'2026-11-01 19:20:30.000000','puzzle','ct-a7d3002950e3','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','rotterdam',3,156,NULL,'winner=3, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(158,2,'2026-11-01 19:21:00.000000','puzzle','ct-a7d3002950e3','count-trick','roem.four-of-a-kind','roem.four-of-a-kind trick.trump-wins points.cards','rotterdam',3,156,NULL,'winner=None, points=0, roem=0',0,3.2);
INSERT INTO "answers" VALUES(159,2,'2026-11-01 19:21:30.000000','puzzle','ar-c02732075bbc','amsterdam-or-rotterdam','play.partner-winning','play.partner-winning play.no-undertrump play.must-undertrump','amsterdam',1,157,NULL,'A: Q♣ / R: 10♠ K♠ A♠',1,3.2);
INSERT INTO "answers" VALUES(160,2,'2026-11-01 19:22:00.000000','puzzle','ar-c02732075bbc','amsterdam-or-rotterdam','play.partner-winning','play.partner-winning play.no-undertrump play.must-undertrump','amsterdam',1,157,NULL,'A: 10♠ K♠ A♠ / R: ',0,3.2);
INSERT INTO "answers" VALUES(161,2,'2026-11-01 19:22:30.000000','puzzle','ar-7d21d886bb97','amsterdam-or-rotterdam','play.must-undertrump','play.must-undertrump play.partner-winning play.no-undertrump','amsterdam',2,158,NULL,'A: 8♦ J♦ 8♥ 10♥ A♥ / R: 9♣',1,3.2);
INSERT INTO "answers" VALUES(162,2,'2026-11-01 19:23:00.000000','puzzle','ar-7d21d886bb97','amsterdam-or-rotterdam','play.must-undertrump','play.must-undertrump play.partner-winning play.no-undertrump','amsterdam',2,158,NULL,'A: 9♣ / R: ',0,3.2);
INSERT INTO "answers" VALUES(163,2,'2026-11-01 19:23:30.000000','puzzle','rv-fb018fa18eed','who-revoked','play.follow-suit','play.follow-suit play.revoke','amsterdam',3,159,NULL,'card=9♣, rule=play.follow-suit',1,3.2);
INSERT INTO "answers" VALUES(164,2,'2026-11-01 19:24:00.000000','puzzle','rv-fb018fa18eed','who-revoked','play.follow-suit','play.follow-suit play.revoke','amsterdam',3,159,NULL,'card=K♥, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(165,2,'2026-11-01 19:24:30.000000','puzzle','rv-0d6e91b06ae1','who-revoked','play.follow-suit','play.follow-suit play.revoke','rotterdam',1,160,NULL,'card=Q♦, rule=play.follow-suit',1,3.2);
INSERT INTO "answers" VALUES(166,2,'2026-11-01 19:25:00.000000','puzzle','rv-0d6e91b06ae1','who-revoked','play.follow-suit','play.follow-suit play.revoke','rotterdam',1,160,NULL,'card=7♣, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(167,2,'2026-11-01 19:25:30.000000','puzzle','rv-6a0f1638fafa','who-revoked','play.trump-led-overtrump','play.trump-led-overtrump play.revoke','amsterdam',2,161,NULL,'card=8♣, rule=play.trump-led-overtrump',1,3.2);
INSERT INTO "answers" VALUES(168,2,'2026-11-01 19:26:00.000000','puzzle','rv-6a0f1638fafa','who-revoked','play.trump-led-overtrump','play.trump-led-overtrump play.revoke','amsterdam',2,161,NULL,'card=Q♦, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(169,2,'2026-11-01 19:26:30.000000','puzzle','rv-55aacbbf7039','who-revoked','play.trump-led-overtrump','play.trump-led-overtrump play.revoke','rotterdam',3,162,NULL,'card=10♠, rule=play.trump-led-overtrump',1,3.2);
INSERT INTO "answers" VALUES(170,2,'2026-11-01 19:27:00.000000','puzzle','rv-55aacbbf7039','who-revoked','play.trump-led-overtrump','play.trump-led-overtrump play.revoke','rotterdam',3,162,NULL,'card=8♦, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(171,2,'2026-11-01 19:27:30.000000','puzzle','rv-863b63baedaa','who-revoked','play.must-trump','play.must-trump play.revoke','amsterdam',1,163,NULL,'card=A♥, rule=play.must-trump',1,3.2);
INSERT INTO "answers" VALUES(172,2,'2026-11-01 19:28:00.000000','puzzle','rv-863b63baedaa','who-revoked','play.must-trump','play.must-trump play.revoke','amsterdam',1,163,NULL,'card=10♠, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(173,2,'2026-11-01 19:28:30.000000','puzzle','rv-1811ff57994c','who-revoked','play.must-trump','play.must-trump play.revoke','rotterdam',2,164,NULL,'card=J♦, rule=play.must-trump',1,3.2);
INSERT INTO "answers" VALUES(174,2,'2026-11-01 19:29:00.000000','puzzle','rv-1811ff57994c','who-revoked','play.must-trump','play.must-trump play.revoke','rotterdam',2,164,NULL,'card=A♠, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(175,2,'2026-11-01 19:29:30.000000','puzzle','rv-4ef851c8ef29','who-revoked','play.must-overtrump','play.must-overtrump play.revoke','amsterdam',3,165,NULL,'card=Q♣, rule=play.must-overtrump',1,3.2);
INSERT INTO "answers" VALUES(176,2,'2026-11-01 19:30:00.000000','puzzle','rv-4ef851c8ef29','who-revoked','play.must-overtrump','play.must-overtrump play.revoke','amsterdam',3,165,NULL,'card=Q♥, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(177,2,'2026-11-01 19:30:30.000000','puzzle','rv-b32e94b9a74a','who-revoked','play.must-overtrump','play.must-overtrump play.revoke','rotterdam',1,166,NULL,'card=A♥, rule=play.must-overtrump',1,3.2);
INSERT INTO "answers" VALUES(178,2,'2026-11-01 19:31:00.000000','puzzle','rv-b32e94b9a74a','who-revoked','play.must-overtrump','play.must-overtrump play.revoke','rotterdam',1,166,NULL,'card=8♥, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(179,2,'2026-11-01 19:31:30.000000','puzzle','rv-a662e6fcd683','who-revoked','play.no-undertrump','play.no-undertrump play.revoke','amsterdam',2,167,NULL,'card=A♣, rule=play.no-undertrump',1,3.2);
INSERT INTO "answers" VALUES(180,2,'2026-11-01 19:32:00.000000','puzzle','rv-a662e6fcd683','who-revoked','play.no-undertrump','play.no-undertrump play.revoke','amsterdam',2,167,NULL,'card=Q♠, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(181,2,'2026-11-01 19:32:30.000000','puzzle','rv-cd36f80196cc','who-revoked','play.must-undertrump','play.must-undertrump play.revoke','rotterdam',3,168,NULL,'card=A♦, rule=play.must-undertrump',1,3.2);
INSERT INTO "answers" VALUES(182,2,'2026-11-01 19:33:00.000000','puzzle','rv-cd36f80196cc','who-revoked','play.must-undertrump','play.must-undertrump play.revoke','rotterdam',3,168,NULL,'card=8♦, rule=play.must-trump',0,3.2);
INSERT INTO "answers" VALUES(183,1,'2026-11-01 19:33:30.000000','puzzle','wc-572e762620a3','which-cards','play.no-undertrump','play.no-undertrump play.partner-winning','amsterdam',1,40,1,'10♣ A♣ A♠',1,4.0);
INSERT INTO "answers" VALUES(184,1,'2026-11-01 19:34:00.000000','puzzle','wc-c2203461a269','which-cards','play.no-undertrump','play.no-undertrump','amsterdam',1,41,1,'J♦ Q♦',1,4.0);
INSERT INTO "answers" VALUES(185,1,'2026-11-01 19:34:30.000000','lesson','the-table/0','partner','deal.pairs','deal.pairs','amsterdam',1,NULL,NULL,'South',1,5.0);
INSERT INTO "answers" VALUES(186,1,'2026-11-01 19:35:00.000000','lesson','the-table/1','partner','deal.pairs','deal.pairs','amsterdam',1,NULL,NULL,'East',1,5.0);
INSERT INTO "answers" VALUES(187,1,'2026-11-01 19:35:30.000000','lesson','the-table/2','packets','deal.packets','deal.packets','amsterdam',1,NULL,NULL,'(3, 2, 3)',1,5.0);
INSERT INTO "answers" VALUES(188,1,'2026-11-01 19:36:00.000000','lesson','the-table/3','next-dealer','deal.dealer-rotates','deal.dealer-rotates','amsterdam',1,NULL,NULL,'North',1,5.0);
INSERT INTO "answers" VALUES(189,1,'2026-11-01 19:36:30.000000','lesson','the-table/4','match-deals','score.match','score.match','amsterdam',1,NULL,NULL,'16',1,5.0);
INSERT INTO "answers" VALUES(190,1,'2026-11-01 19:37:30.000000','lesson','choosing-trumps/0','first-hand','trump.first-hand-leads','trump.first-hand-leads','amsterdam',1,NULL,NULL,'West',1,5.0);
INSERT INTO "answers" VALUES(191,1,'2026-11-01 19:38:00.000000','lesson','choosing-trumps/1','trump-chooser','trump.free-choice','trump.free-choice','amsterdam',1,NULL,NULL,'West',1,5.0);
INSERT INTO "answers" VALUES(192,1,'2026-11-01 19:38:30.000000','lesson','choosing-trumps/2','trump-chooser','trump.forced-first-hand','trump.forced-first-hand','amsterdam',1,NULL,NULL,'South',1,5.0);
INSERT INTO "answers" VALUES(193,1,'2026-11-01 19:39:00.000000','lesson','choosing-trumps/3','trump-chooser','trump.compulsory','trump.compulsory','amsterdam+compulsory',1,NULL,NULL,'North',1,5.0);
INSERT INTO "answers" VALUES(194,1,'2026-11-01 19:39:30.000000','lesson','choosing-trumps/4','first-hand','trump.first-hand-leads','trump.first-hand-leads','amsterdam',1,NULL,NULL,'East',1,5.0);
INSERT INTO "answers" VALUES(195,1,'2026-11-01 19:40:30.000000','lesson','card-order-and-points/0','card-order','order.trump','order.trump','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.JACK), Card(Suit.HEARTS, Rank.NINE), Card(Suit.HEARTS, Rank.ACE), Card(Suit.HEARTS, Rank.TEN))',1,5.0);
INSERT INTO "answers" VALUES(196,1,'2026-11-01 19:41:00.000000','lesson','card-order-and-points/1','card-order','order.plain','order.plain','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.ACE), Card(Suit.CLUBS, Rank.TEN), Card(Suit.CLUBS, Rank.KING), Card(Suit.CLUBS, Rank.JACK))',1,5.0);
INSERT INTO "answers" VALUES(197,1,'2026-11-01 19:41:30.000000','lesson','card-order-and-points/2','trick-winner','order.trump','order.trump','amsterdam',1,NULL,NULL,'J♦',1,5.0);
INSERT INTO "answers" VALUES(198,1,'2026-11-01 19:42:00.000000','lesson','card-order-and-points/3','cards-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'62',1,5.0);
INSERT INTO "answers" VALUES(199,1,'2026-11-01 19:42:30.000000','lesson','card-order-and-points/4','cards-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'152',1,5.0);
INSERT INTO "answers" VALUES(200,1,'2026-11-01 19:43:00.000000','lesson','card-order-and-points/5','trick-points','points.last-trick','points.last-trick','amsterdam',1,NULL,NULL,'14',1,5.0);
INSERT INTO "answers" VALUES(201,1,'2026-11-01 19:44:00.000000','lesson','following-suit/0','legal-cards','play.lead-any','play.lead-any','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.ACE), Card(Suit.DIAMONDS, Rank.SEVEN), Card(Suit.HEARTS, Rank.JACK))',1,5.0);
INSERT INTO "answers" VALUES(202,1,'2026-11-01 19:44:30.000000','lesson','following-suit/1','legal-cards','play.follow-suit','play.follow-suit','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.SEVEN), Card(Suit.CLUBS, Rank.ACE))',1,5.0);
INSERT INTO "answers" VALUES(203,1,'2026-11-01 19:45:00.000000','lesson','following-suit/2','card-legal','play.follow-suit','play.follow-suit','amsterdam',1,NULL,NULL,'True',1,5.0);
INSERT INTO "answers" VALUES(204,1,'2026-11-01 19:45:30.000000','lesson','following-suit/3','card-legal','play.follow-suit','play.follow-suit','amsterdam',1,NULL,NULL,'False',1,5.0);
INSERT INTO "answers" VALUES(205,1,'2026-11-01 19:46:00.000000','lesson','following-suit/4','legal-cards','play.void-no-trumps','play.void-no-trumps','amsterdam',1,NULL,NULL,'(Card(Suit.DIAMONDS, Rank.SEVEN), Card(Suit.SPADES, Rank.KING), Card(Suit.DIAMONDS, Rank.TEN))',1,5.0);
INSERT INTO "answers" VALUES(206,1,'2026-11-01 19:47:00.000000','lesson','trumps-led/0','legal-cards','play.trump-led-overtrump','play.trump-led-overtrump','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.JACK), Card(Suit.HEARTS, Rank.NINE), Card(Suit.HEARTS, Rank.ACE))',1,5.0);
INSERT INTO "answers" VALUES(207,1,'2026-11-01 19:47:30.000000','lesson','trumps-led/1','card-legal','play.trump-led-overtrump','play.trump-led-overtrump','amsterdam',1,NULL,NULL,'False',1,5.0);
INSERT INTO "answers" VALUES(208,1,'2026-11-01 19:48:00.000000','lesson','trumps-led/2','legal-cards','play.trump-led-any-trump','play.trump-led-any-trump','amsterdam',1,NULL,NULL,'(Card(Suit.SPADES, Rank.EIGHT), Card(Suit.SPADES, Rank.ACE))',1,5.0);
INSERT INTO "answers" VALUES(209,1,'2026-11-01 19:48:30.000000','lesson','trumps-led/3','card-legal','play.follow-suit','play.follow-suit','amsterdam',1,NULL,NULL,'False',1,5.0);
INSERT INTO "answers" VALUES(210,1,'2026-11-01 19:49:00.000000','lesson','trumps-led/4','legal-cards','play.trump-led-any-trump','play.trump-led-any-trump','amsterdam',1,NULL,NULL,'(Card(Suit.SPADES, Rank.NINE),)',1,5.0);
INSERT INTO "answers" VALUES(211,1,'2026-11-01 19:50:00.000000','lesson','void-trumping/0','legal-cards','play.must-trump','play.must-trump','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.SEVEN), Card(Suit.HEARTS, Rank.QUEEN))',1,5.0);
INSERT INTO "answers" VALUES(212,1,'2026-11-01 19:50:30.000000','lesson','void-trumping/1','legal-cards','play.must-overtrump','play.must-overtrump','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN),)',1,5.0);
INSERT INTO "answers" VALUES(213,1,'2026-11-01 19:51:00.000000','lesson','void-trumping/2','legal-cards','play.no-undertrump','play.no-undertrump','amsterdam',1,NULL,NULL,'(Card(Suit.DIAMONDS, Rank.SEVEN), Card(Suit.SPADES, Rank.EIGHT))',1,5.0);
INSERT INTO "answers" VALUES(214,1,'2026-11-01 19:51:30.000000','lesson','void-trumping/3','card-legal','play.no-undertrump','play.no-undertrump','amsterdam',1,NULL,NULL,'False',1,5.0);
INSERT INTO "answers" VALUES(215,1,'2026-11-01 19:52:00.000000','lesson','void-trumping/4','legal-cards','play.only-lower-trumps','play.only-lower-trumps','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN), Card(Suit.HEARTS, Rank.SEVEN))',1,5.0);
INSERT INTO "answers" VALUES(216,1,'2026-11-01 19:53:00.000000','lesson','partner-exemption/0','legal-cards','play.partner-winning','play.partner-winning','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN), Card(Suit.DIAMONDS, Rank.SEVEN))',1,5.0);
INSERT INTO "answers" VALUES(217,1,'2026-11-01 19:53:30.000000','lesson','partner-exemption/1','trick-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'15',1,5.0);
INSERT INTO "answers" VALUES(218,1,'2026-11-01 19:54:00.000000','lesson','partner-exemption/2','legal-cards','play.must-overtrump','play.must-overtrump','amsterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN),)',1,5.0);
INSERT INTO "answers" VALUES(219,1,'2026-11-01 19:54:30.000000','lesson','partner-exemption/3','card-legal','play.partner-winning','play.partner-winning','amsterdam',1,NULL,NULL,'True',1,5.0);
INSERT INTO "answers" VALUES(220,1,'2026-11-01 19:55:00.000000','lesson','partner-exemption/4','trick-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'25',1,5.0);
INSERT INTO "answers" VALUES(221,1,'2026-11-01 19:55:30.000000','lesson','partner-exemption/5','card-legal','play.no-undertrump','play.no-undertrump','amsterdam',1,NULL,NULL,'False',1,5.0);
INSERT INTO "answers" VALUES(222,1,'2026-11-01 19:56:30.000000','lesson','rotterdam/0','legal-cards','play.follow-suit','play.follow-suit','rotterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.SEVEN), Card(Suit.CLUBS, Rank.ACE))',1,5.0);
INSERT INTO "answers" VALUES(223,1,'2026-11-01 19:57:00.000000','lesson','rotterdam/1','legal-cards','play.must-trump','play.must-trump','rotterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN),)',1,5.0);
INSERT INTO "answers" VALUES(224,1,'2026-11-01 19:57:30.000000','lesson','rotterdam/2','legal-cards','play.must-overtrump','play.must-overtrump','rotterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.JACK),)',1,5.0);
INSERT INTO "answers" VALUES(225,1,'2026-11-01 19:58:00.000000','lesson','rotterdam/3','legal-cards','play.must-undertrump','play.must-undertrump','rotterdam',1,NULL,NULL,'(Card(Suit.HEARTS, Rank.QUEEN),)',1,5.0);
INSERT INTO "answers" VALUES(226,1,'2026-11-01 19:59:00.000000','lesson','winning-tricks/0','trick-winner','trick.suit-led-wins','trick.suit-led-wins','amsterdam',1,NULL,NULL,'A♣',1,5.0);
INSERT INTO "answers" VALUES(227,1,'2026-11-01 19:59:30.000000','lesson','winning-tricks/1','trick-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'15',1,5.0);
INSERT INTO "answers" VALUES(228,1,'2026-11-01 20:00:00.000000','lesson','winning-tricks/2','trick-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'25',1,5.0);
INSERT INTO "answers" VALUES(229,1,'2026-11-01 20:00:30.000000','lesson','winning-tricks/3','trick-winner','trick.trump-wins','trick.trump-wins','amsterdam',1,NULL,NULL,'7♥',1,5.0);
INSERT INTO "answers" VALUES(230,1,'2026-11-01 20:01:00.000000','lesson','winning-tricks/4','trick-points','points.cards','points.cards','amsterdam',1,NULL,NULL,'34',1,5.0);
INSERT INTO "answers" VALUES(231,1,'2026-11-01 20:01:30.000000','lesson','winning-tricks/5','next-leader','trick.winner-leads','trick.winner-leads','amsterdam',1,NULL,NULL,'East',1,5.0);
INSERT INTO "answers" VALUES(232,1,'2026-11-01 20:02:30.000000','lesson','roem/0','trick-roem','roem.run-of-three','roem.run-of-three','amsterdam',1,NULL,NULL,'20',1,5.0);
INSERT INTO "answers" VALUES(233,1,'2026-11-01 20:03:00.000000','lesson','roem/1','trick-roem','roem.run-of-three','roem.run-of-three','amsterdam',1,NULL,NULL,'0',1,5.0);
INSERT INTO "answers" VALUES(234,1,'2026-11-01 20:03:30.000000','lesson','roem/2','trick-roem','roem.run-of-four','roem.run-of-four','amsterdam',1,NULL,NULL,'50',1,5.0);
INSERT INTO "answers" VALUES(235,1,'2026-11-01 20:04:00.000000','lesson','roem/3','trick-roem','roem.stuk','roem.stuk','amsterdam',1,NULL,NULL,'40',1,5.0);
INSERT INTO "answers" VALUES(236,1,'2026-11-01 20:04:30.000000','lesson','roem/4','trick-roem','roem.four-of-a-kind','roem.four-of-a-kind','amsterdam',1,NULL,NULL,'200',1,5.0);
INSERT INTO "answers" VALUES(237,1,'2026-11-01 20:05:00.000000','lesson','roem/5','trick-roem','roem.run-of-three','roem.run-of-three','amsterdam',1,NULL,NULL,'0',1,5.0);
INSERT INTO "answers" VALUES(238,1,'2026-11-01 20:06:00.000000','lesson','scoring-and-nat/0','nat','score.made','score.made','amsterdam',1,NULL,NULL,'made, 82 to 80',1,5.0);
INSERT INTO "answers" VALUES(239,1,'2026-11-01 20:06:30.000000','lesson','scoring-and-nat/1','nat','score.nat','score.nat','amsterdam',1,NULL,NULL,'nat, 0 to 182',1,5.0);
INSERT INTO "answers" VALUES(240,1,'2026-11-01 20:07:00.000000','lesson','scoring-and-nat/2','nat','score.nat','score.nat','amsterdam',1,NULL,NULL,'nat, 162 to 0',1,5.0);
INSERT INTO "answers" VALUES(241,1,'2026-11-01 20:07:30.000000','lesson','scoring-and-nat/3','nat','score.made','score.made','amsterdam',1,NULL,NULL,'made, 110 to 92',1,5.0);
INSERT INTO "answers" VALUES(242,1,'2026-11-01 20:08:00.000000','lesson','scoring-and-nat/4','nat','score.pit','score.pit','amsterdam',1,NULL,NULL,'made, 282 to 0',1,5.0);
INSERT INTO "answers" VALUES(243,1,'2026-11-01 20:08:30.000000','lesson','scoring-and-nat/5','nat','score.revoke','score.revoke','amsterdam',1,NULL,NULL,'nat, 0 to 182',1,5.0);
INSERT INTO "answers" VALUES(244,1,'2026-11-01 20:09:30.000000','lesson','a-whole-deal/0','first-hand','trump.first-hand-leads','trump.first-hand-leads','amsterdam',1,NULL,NULL,'East',1,5.0);
INSERT INTO "answers" VALUES(245,1,'2026-11-01 20:10:00.000000','lesson','a-whole-deal/1','legal-cards','play.trump-led-overtrump','play.trump-led-overtrump','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.NINE), Card(Suit.CLUBS, Rank.JACK), Card(Suit.CLUBS, Rank.KING))',1,5.0);
INSERT INTO "answers" VALUES(246,1,'2026-11-01 20:10:30.000000','lesson','a-whole-deal/2','trick-winner','trick.trump-wins','trick.trump-wins','amsterdam',1,NULL,NULL,'J♣',1,5.0);
INSERT INTO "answers" VALUES(247,1,'2026-11-01 20:11:00.000000','lesson','a-whole-deal/3','trick-roem','roem.run-of-three','roem.run-of-three','amsterdam',1,NULL,NULL,'20',1,5.0);
INSERT INTO "answers" VALUES(248,1,'2026-11-01 20:11:30.000000','lesson','a-whole-deal/4','trick-winner','trick.suit-led-wins','trick.suit-led-wins','amsterdam',1,NULL,NULL,'A♥',1,5.0);
INSERT INTO "answers" VALUES(249,1,'2026-11-01 20:12:00.000000','lesson','a-whole-deal/5','trick-winner','order.plain','order.plain','amsterdam',1,NULL,NULL,'10♦',1,5.0);
INSERT INTO "answers" VALUES(250,1,'2026-11-01 20:12:30.000000','lesson','a-whole-deal/6','legal-cards','play.must-trump','play.must-trump','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.SEVEN), Card(Suit.CLUBS, Rank.QUEEN))',1,5.0);
INSERT INTO "answers" VALUES(251,1,'2026-11-01 20:13:00.000000','lesson','a-whole-deal/7','legal-cards','play.must-overtrump','play.must-overtrump','amsterdam',1,NULL,NULL,'(Card(Suit.CLUBS, Rank.NINE), Card(Suit.CLUBS, Rank.KING))',1,5.0);
INSERT INTO "answers" VALUES(252,1,'2026-11-01 20:13:30.000000','lesson','a-whole-deal/8','legal-cards','play.partner-winning','play.partner-winning','amsterdam',1,NULL,NULL,'(Card(Suit.SPADES, Rank.SEVEN), Card(Suit.SPADES, Rank.JACK))',1,5.0);
INSERT INTO "answers" VALUES(253,1,'2026-11-01 20:14:00.000000','lesson','a-whole-deal/9','trick-points','points.last-trick','points.last-trick','amsterdam',1,NULL,NULL,'21',1,5.0);
INSERT INTO "answers" VALUES(254,1,'2026-11-01 20:14:30.000000','lesson','a-whole-deal/10','deal-score','score.made','score.made','amsterdam',1,NULL,NULL,'made, 90 to 92',1,5.0);
INSERT INTO "answers" VALUES(255,1,'2026-11-01 20:15:00.000000','lesson','a-whole-deal/11','deal-score','roem.declare','roem.declare','amsterdam',1,NULL,NULL,'nat, 162 to 0',1,5.0);
CREATE TABLE app_settings (
	"key" VARCHAR(60) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
CREATE TABLE assignments (
	id INTEGER NOT NULL, 
	group_id INTEGER NOT NULL, 
	lesson_id VARCHAR(60), 
	kind VARCHAR(40), 
	rule VARCHAR(60), 
	level INTEGER NOT NULL, 
	count INTEGER NOT NULL, 
	seed INTEGER NOT NULL, 
	due DATE, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(group_id) REFERENCES groups (id) ON DELETE CASCADE
);
INSERT INTO "assignments" VALUES(1,1,NULL,'which-cards','play.no-undertrump',1,2,40,NULL,'2026-11-01 18:01:00.000000');
CREATE TABLE groups (
	id INTEGER NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	code VARCHAR(12) NOT NULL, 
	rules VARCHAR(80) NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (code)
);
INSERT INTO "groups" VALUES(1,'Dinsdag','LSJ8TQ','amsterdam','2026-11-01 18:00:30.000000');
CREATE TABLE learners (
	id INTEGER NOT NULL, 
	space VARCHAR(12) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	group_id INTEGER, 
	pin_hash VARCHAR(200), 
	created_at DATETIME NOT NULL, 
	settings TEXT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT learner_name_in_space UNIQUE (space, name), 
	FOREIGN KEY(group_id) REFERENCES groups (id) ON DELETE CASCADE
);
INSERT INTO "learners" VALUES(1,'LSJ8TQ','Anna',1,NULL,'2026-11-01 18:01:30.000000','{}');
INSERT INTO "learners" VALUES(2,'','Henk',NULL,NULL,'2026-11-01 18:02:00.000000','{}');
CREATE TABLE lesson_progress (
	learner_id INTEGER NOT NULL, 
	lesson_id VARCHAR(60) NOT NULL, 
	step INTEGER NOT NULL, 
	completed BOOLEAN NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (learner_id, lesson_id), 
	FOREIGN KEY(learner_id) REFERENCES learners (id) ON DELETE CASCADE
);
INSERT INTO "lesson_progress" VALUES(1,'the-table',2,1,'2026-11-01 19:37:00.000000');
INSERT INTO "lesson_progress" VALUES(1,'choosing-trumps',2,1,'2026-11-01 19:40:00.000000');
INSERT INTO "lesson_progress" VALUES(1,'card-order-and-points',2,0,'2026-11-01 19:43:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'following-suit',2,0,'2026-11-01 19:46:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'trumps-led',2,0,'2026-11-01 19:49:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'void-trumping',2,0,'2026-11-01 19:52:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'partner-exemption',2,0,'2026-11-01 19:56:00.000000');
INSERT INTO "lesson_progress" VALUES(1,'rotterdam',2,0,'2026-11-01 19:58:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'winning-tricks',2,0,'2026-11-01 20:02:00.000000');
INSERT INTO "lesson_progress" VALUES(1,'roem',2,0,'2026-11-01 20:05:30.000000');
INSERT INTO "lesson_progress" VALUES(1,'scoring-and-nat',2,0,'2026-11-01 20:09:00.000000');
INSERT INTO "lesson_progress" VALUES(1,'a-whole-deal',2,0,'2026-11-01 20:15:30.000000');
CREATE TABLE schema_version (
	version INTEGER NOT NULL
);
INSERT INTO "schema_version" VALUES(1);
CREATE INDEX ix_assignments_group_id ON assignments (group_id);
CREATE INDEX ix_answers_assignment_id ON answers (assignment_id);
CREATE INDEX ix_answers_learner_id ON answers (learner_id);
CREATE INDEX ix_answers_rule ON answers (rule);
COMMIT;
