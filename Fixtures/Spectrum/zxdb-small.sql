-- --------------------------------------------------------
-- Host:                         127.0.0.1
-- Server version:               10.11.6-MariaDB - mariadb.org binary distribution
-- Server OS:                    Win64
-- HeidiSQL Version:             12.6.0.6765
-- --------------------------------------------------------

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8 */;
/*!50503 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;


-- Dumping database structure for zxdb
CREATE DATABASE IF NOT EXISTS `zxdb` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci */;
USE `zxdb`;

-- Dumping structure for table zxdb.countries
CREATE TABLE IF NOT EXISTS `countries` (
  `id` char(2) NOT NULL,
  `text` varchar(100) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_country_text` (`text`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Dumping data for table zxdb.countries: ~3 rows (approximately)
/*!40000 ALTER TABLE `countries` DISABLE KEYS */;
INSERT INTO `countries` (`id`, `text`) VALUES
	('AU', 'Australia'),
	('ES', 'Spain'),
	('GB', 'United Kingdom');
/*!40000 ALTER TABLE `countries` ENABLE KEYS */;

-- Dumping structure for table zxdb.magazines
CREATE TABLE IF NOT EXISTS `magazines` (
  `id` smallint(6) NOT NULL,
  `name` varchar(100) NOT NULL,
  `country_id` char(2) DEFAULT NULL,
  `language_id` char(2) NOT NULL,
  `link_site` varchar(200) DEFAULT NULL,
  `magtype_id` char(1) NOT NULL,
  `link_mask` varchar(300) DEFAULT NULL,
  `archive_mask` varchar(300) DEFAULT NULL,
  `comments` varchar(1000) DEFAULT NULL COMMENT 'free text; may hold ; and '' quotes',
  PRIMARY KEY (`id`),
  KEY `fk_magazine_language` (`language_id`),
  CONSTRAINT `fk_magazine_country` FOREIGN KEY (`country_id`) REFERENCES `countries` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Dumping data for table zxdb.magazines: ~9 rows (approximately)
/*!40000 ALTER TABLE `magazines` DISABLE KEYS */;
INSERT INTO `magazines` (`id`, `name`, `country_id`, `language_id`, `link_site`, `magtype_id`, `link_mask`, `archive_mask`, `comments`) VALUES
	(10, 'ACE (Advanced Computer Entertainment)', 'GB', 'en', NULL, 'P', NULL, 'https://archive.org/download/Ace_Magazine_Issue_{i2}/Ace_Magazine_Issue_{i2}.pdf', NULL),
	(26, 'Bare Bones / Goblin Gazzette', 'GB', 'en', NULL, 'Z', NULL, NULL, 'issues carry their own URLs'),
	(62, 'Crash', 'GB', 'en', 'https://www.crashonline.org.uk/', 'P', '/pub/sinclair/magazines/Crash/Issue{i2}/Pages/Crash{i2}{p5}.jpg', 'https://archive.org/download/crash-magazine-{i2}{s}{u-}/Crash_{i2}_{M3}_{y4}.pdf', 'Newsfield; the \'original\'\r\nSpectrum magazine'),
	(70, 'Sinclair User', 'GB', 'en', NULL, 'P', '/pub/sinclair/magazines/SinclairUser/Issue{i3}/Pages/SinclairUser{i3}{p5}.jpg', 'https://archive.org/download/SinclairUser{i3}', NULL),
	(99, 'Popular Computing Weekly', 'GB', 'en', NULL, 'P', NULL, 'https://archive.org/download/PCW{y2}{m2}{d2}/PCW_{y4}_{m2}_{d2}.pdf', NULL),
	(200, 'MicroHobby', 'ES', 'es', NULL, 'P', NULL, 'https://archive.org/download/microhobby-{i3}/MicroHobby {i3}.pdf', NULL),
	(300, 'ZX Tape Mag', 'GB', 'en', NULL, 'E', NULL, NULL, NULL),
	(333, '+3 Contact', 'GB', 'en', NULL, 'Z', NULL, 'https://archive.org/download/plus-3-contact-issue-{i1}/Plus-3-Contact-Issue-{i1}.pdf', NULL),
	(451, 'QL Hacker\'s Journal', NULL, 'en', NULL, 'Z', NULL, 'https://archive.org/download/qlhj-{i2}/QL Hacker''s Journal {i2}.pdf', 'NULL');
/*!40000 ALTER TABLE `magazines` ENABLE KEYS */;

-- Dumping structure for table zxdb.issues
CREATE TABLE IF NOT EXISTS `issues` (
  `id` int(11) NOT NULL,
  `magazine_id` smallint(6) NOT NULL,
  `label_id` int(11) DEFAULT NULL,
  `label2_id` int(11) DEFAULT NULL,
  `date_year` smallint(6) DEFAULT NULL,
  `date_month` smallint(6) DEFAULT NULL,
  `date_day` smallint(6) DEFAULT NULL,
  `volume` smallint(6) DEFAULT NULL,
  `number` smallint(6) DEFAULT NULL,
  `special` varchar(100) DEFAULT NULL,
  `supplement` varchar(100) DEFAULT NULL,
  `parent_id` int(11) DEFAULT NULL,
  `cover_page` smallint(6) NOT NULL DEFAULT 1,
  `link_mask` varchar(300) DEFAULT NULL,
  `archive_mask` varchar(300) DEFAULT NULL,
  `comments` varchar(1000) DEFAULT NULL,
  `is_restricted` tinyint(1) NOT NULL DEFAULT 0,
  `hardcopy_id` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_issue_magazine` (`magazine_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Dumping data for table zxdb.issues: ~20 rows (approximately)
/*!40000 ALTER TABLE `issues` DISABLE KEYS */;
INSERT INTO `issues` (`id`, `magazine_id`, `label_id`, `label2_id`, `date_year`, `date_month`, `date_day`, `volume`, `number`, `special`, `supplement`, `parent_id`, `cover_page`, `link_mask`, `archive_mask`, `comments`, `is_restricted`, `hardcopy_id`) VALUES
	(101, 62, 5001, NULL, 1984, 2, NULL, 1, 1, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(102, 62, 5001, NULL, 1984, 3, NULL, 1, 2, NULL, NULL, NULL, 1, NULL, NULL, 'file renamed on archive.org', 0, NULL),
	(103, 62, 5001, NULL, 1984, 4, NULL, 1, 3, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(104, 62, 5001, NULL, 1984, 5, NULL, 1, 4, NULL, 'Poster', 103, 1, NULL, NULL, NULL, 0, NULL),
	(105, 62, 5001, NULL, 1984, 12, NULL, 1, NULL, 'Christmas Special', NULL, NULL, 1, NULL, 'https://archive.org/download/crash-xmas-1984/Crash Christmas 1984.pdf', NULL, 0, NULL),
	(106, 62, 5001, NULL, 1985, 1, NULL, 2, 5, NULL, NULL, NULL, 1, NULL, NULL, 'item answers 503 once', 0, NULL),
	(1727, 10, NULL, NULL, 1987, 10, NULL, NULL, 1, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(1728, 10, NULL, NULL, 1987, 11, NULL, NULL, 2, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(1729, 10, NULL, NULL, 1987, 12, NULL, NULL, 3, NULL, NULL, NULL, 1, NULL, 'https://archive.org/download/Ace_Magazine_Issue_02/Ace_Extra.pdf', 'points at issue 2\'s item: \\ claimed twice', 0, NULL),
	(1730, 10, NULL, NULL, 1988, 1, NULL, NULL, 4, NULL, NULL, NULL, 1, NULL, '  https://archive.org/download/ace-4-special/ACE 4.pdf  ', NULL, 0, NULL),
	(700, 70, NULL, NULL, 1982, 11, NULL, NULL, 1, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(900, 99, NULL, NULL, 1983, 5, 12, NULL, NULL, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(901, 99, NULL, NULL, 1983, 5, NULL, NULL, NULL, NULL, NULL, NULL, 1, NULL, NULL, 'no day: {d2} cannot expand', 0, NULL),
	(5000, 200, NULL, NULL, 1984, 1, NULL, NULL, 1, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(3000, 26, NULL, NULL, 1990, NULL, NULL, NULL, 1, NULL, NULL, NULL, 1, NULL, 'https://archive.org/download/bare-bones-1/Bare Bones 1.pdf', NULL, 0, NULL),
	(3001, 26, NULL, NULL, 1990, NULL, NULL, NULL, 2, NULL, NULL, NULL, 1, NULL, NULL, 'no mask anywhere', 0, NULL),
	(7174, 333, NULL, NULL, NULL, NULL, NULL, NULL, 15, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(7175, 333, NULL, NULL, NULL, NULL, NULL, NULL, 16, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL),
	(4500, 451, NULL, NULL, 1991, 3, NULL, NULL, 1, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL);
INSERT INTO `issues` (`id`, `magazine_id`, `label_id`, `label2_id`, `date_year`, `date_month`, `date_day`, `volume`, `number`, `special`, `supplement`, `parent_id`, `cover_page`, `link_mask`, `archive_mask`, `comments`, `is_restricted`, `hardcopy_id`) VALUES
	(4501, 451, NULL, NULL, 1991, 6, NULL, NULL, 2, NULL, NULL, NULL, 1, NULL, NULL, NULL, 0, NULL);
/*!40000 ALTER TABLE `issues` ENABLE KEYS */;

-- Dumping structure for table zxdb.magrefs
CREATE TABLE IF NOT EXISTS `magrefs` (
  `id` int(11) NOT NULL,
  `referencetype_id` tinyint(4) NOT NULL,
  `entry_id` int(11) DEFAULT NULL,
  `issue_id` int(11) NOT NULL,
  `page` smallint(6) NOT NULL,
  `score` varchar(100) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

-- Dumping data for table zxdb.magrefs: ~3 rows (approximately)
/*!40000 ALTER TABLE `magrefs` DISABLE KEYS */;
INSERT INTO `magrefs` (`id`, `referencetype_id`, `entry_id`, `issue_id`, `page`, `score`) VALUES
	(1, 10, 4010, 101, 12, '92%; a \'Crash Smash\''),
	(2, 1, 4010, 102, 40, NULL),
	(3, 10, 9362, 103, 15, 'It''s great');
/*!40000 ALTER TABLE `magrefs` ENABLE KEYS */;

-- Dumping structure for table zxdb.files
CREATE TABLE IF NOT EXISTS `files` (
  `id` int(11) NOT NULL,
  `issue_id` int(11) NOT NULL,
  `file_link` varchar(250) NOT NULL,
  `file_size` int(11) DEFAULT NULL,
  `filetype_id` tinyint(4) NOT NULL,
  `comments` varchar(250) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `files` DISABLE KEYS */;
INSERT INTO `files` (`id`, `issue_id`, `file_link`, `file_size`, `filetype_id`, `comments`) VALUES
	(1, 101, '/pub/sinclair/magazines/Crash/Issue01/Crash01.pdf', 41234567, 56, NULL),
	(2, 101, '/pub/sinclair/magazines/Crash/Covers/Crash01.jpg', 123456, 55, NULL),
	(3, 1727, '/zxdb/sinclair/magazines/ACE/ACE01.pdf', NULL, 56, 'tab\there');
/*!40000 ALTER TABLE `files` ENABLE KEYS */;

-- Dumping structure for table zxdb.filetypes
CREATE TABLE IF NOT EXISTS `filetypes` (
  `id` tinyint(4) NOT NULL,
  `text` varchar(50) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `filetypes` DISABLE KEYS */;
INSERT INTO `filetypes` (`id`, `text`) VALUES
	(8, 'Tape image'),
	(46, 'Complete book'),
	(47, 'Electronic magazine'),
	(55, 'Magazine cover'),
	(56, 'Magazine issue'),
	(60, 'Booklet');
/*!40000 ALTER TABLE `filetypes` ENABLE KEYS */;

-- Dumping structure for table zxdb.genretypes
CREATE TABLE IF NOT EXISTS `genretypes` (
  `id` tinyint(4) NOT NULL,
  `text` varchar(50) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `genretypes` DISABLE KEYS */;
INSERT INTO `genretypes` (`id`, `text`) VALUES
	(1, 'Arcade: Action'),
	(81, 'Covertape'),
	(82, 'Electronic Magazine'),
	(83, 'Book: Programming'),
	(84, 'Book: Reference'),
	(85, 'E-Book');
/*!40000 ALTER TABLE `genretypes` ENABLE KEYS */;

-- Dumping structure for table zxdb.entries
CREATE TABLE IF NOT EXISTS `entries` (
  `id` int(11) NOT NULL,
  `title` varchar(250) NOT NULL,
  `is_xrated` tinyint(1) NOT NULL DEFAULT 0,
  `machinetype_id` tinyint(4) DEFAULT NULL,
  `language_id` char(2) DEFAULT NULL,
  `genretype_id` tinyint(4) DEFAULT NULL,
  `issue_id` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `entries` DISABLE KEYS */;
INSERT INTO `entries` (`id`, `title`, `is_xrated`, `machinetype_id`, `language_id`, `genretype_id`, `issue_id`) VALUES
	(4010, 'Jet Set Willy', 0, 1, 'en', 1, NULL),
	(2000471, 'Explorer\'s Guide to the ZX Spectrum and ZX81', 0, NULL, 'en', 83, NULL),
	(2001095, 'Timex/Sinclair Computer Games Programs', 0, NULL, 'en', 84, NULL),
	(2001200, 'Programación del Spectrum', 0, NULL, 'es', 83, NULL),
	(2001400, 'The "Complete" Spectrum ROM Disassembly', 0, NULL, 'en', 85, NULL),
	(2001500, 'Spectrum Hardware Manual', 0, NULL, 'en', 84, NULL),
	(2001600, '   ', 0, NULL, 'en', 84, NULL);
/*!40000 ALTER TABLE `entries` ENABLE KEYS */;

-- Dumping structure for table zxdb.downloads
CREATE TABLE IF NOT EXISTS `downloads` (
  `id` int(11) NOT NULL,
  `entry_id` int(11) NOT NULL,
  `release_seq` smallint(6) NOT NULL DEFAULT 0,
  `file_link` varchar(250) NOT NULL,
  `file_size` int(11) DEFAULT NULL,
  `filetype_id` tinyint(4) NOT NULL,
  `formattype_id` char(3) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `downloads` DISABLE KEYS */;
INSERT INTO `downloads` (`id`, `entry_id`, `release_seq`, `file_link`, `file_size`, `filetype_id`, `formattype_id`) VALUES
	(58821, 4010, 0, '/pub/sinclair/games/j/JetSetWilly.tzx.zip', 12345, 8, 'TZX'),
	(70001, 2000471, 0, 'https://archive.org/download/explorers-guide-to-the-zx-spectrum-and-zx-81-kasper-boonacme/Explorers_guide_to_the_ZX_Spectrum_and_ZX81(Kasper_BOON)(acme).pdf', NULL, 46, 'PDF'),
	(70002, 2000471, 0, 'https://archive.org/download/explorers-guide-second-copy/Explorers_guide_2.pdf', NULL, 46, 'PDF'),
	(70003, 2001095, 0, '/pub/sinclair/books-pics/t/TimexSinclairComputerGamesPrograms.pdf', NULL, 46, 'PDF'),
	(70004, 2001095, 0, 'https://archive.org/download/timex-sinclair-computer-games-programs/Timex Sinclair Computer Games Programs.pdf', NULL, 46, 'PDF'),
	(70005, 2001200, 0, 'https://archive.org/download/programacion-del-spectrum/Programacion.pdf', NULL, 46, 'PDF'),
	(70006, 2001400, 0, 'https://archive.org/download/complete-spectrum-rom-disassembly/Complete%20ROM.pdf', NULL, 60, 'PDF'),
	(70007, 2001500, 0, '/zxdb/sinclair/books/SpectrumHardwareManual.pdf', NULL, 46, 'PDF'),
	(70008, 2001600, 0, 'https://archive.org/download/untitled-book/untitled.pdf', NULL, 46, 'PDF'),
	(70009, 2001500, 0, '/nvg/sinclair/books/SpectrumHardwareManual.pdf', NULL, 60, 'PDF');
/*!40000 ALTER TABLE `downloads` ENABLE KEYS */;

-- Dumping structure for table zxdb.labels
CREATE TABLE IF NOT EXISTS `labels` (
  `id` int(11) NOT NULL,
  `name` varchar(100) NOT NULL,
  `country_id` char(2) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `labels` DISABLE KEYS */;
INSERT INTO `labels` (`id`, `name`, `country_id`) VALUES
	(5001, 'Newsfield Publications Ltd', 'GB'),
	(6001, 'Addison-Wesley Productions', 'US'),
	(6002, 'Melbourne House', 'GB'),
	(6003, 'ARCsoft Publishers', 'US');
/*!40000 ALTER TABLE `labels` ENABLE KEYS */;

-- Dumping structure for table zxdb.publishers
CREATE TABLE IF NOT EXISTS `publishers` (
  `entry_id` int(11) NOT NULL,
  `release_seq` smallint(6) NOT NULL DEFAULT 0,
  `publisher_seq` tinyint(4) NOT NULL DEFAULT 1,
  `label_id` int(11) NOT NULL,
  PRIMARY KEY (`entry_id`,`release_seq`,`publisher_seq`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

/*!40000 ALTER TABLE `publishers` DISABLE KEYS */;
INSERT INTO `publishers` (`entry_id`, `release_seq`, `publisher_seq`, `label_id`) VALUES
	(2000471, 0, 1, 6001),
	(2001095, 0, 1, 6003),
	(2001095, 0, 2, 6002);
/*!40000 ALTER TABLE `publishers` ENABLE KEYS */;

/*!40103 SET TIME_ZONE=IFNULL(@OLD_TIME_ZONE, 'system') */;
/*!40101 SET SQL_MODE=IFNULL(@OLD_SQL_MODE, '') */;
/*!40014 SET FOREIGN_KEY_CHECKS=IFNULL(@OLD_FOREIGN_KEY_CHECKS, 1) */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40111 SET SQL_NOTES=IFNULL(@OLD_SQL_NOTES, 1) */;
